import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.ts';
import {
  BROWSER,
  createEmptyDatabase,
  createMigratedDatabase,
  databaseUrlOf,
  dropDatabase,
  ensureServerBuild,
  killLeftovers,
  makeDataDir,
  PASSWORD,
  productForm,
  query,
  signedInCreator,
  startAppProcess,
} from './app-process.ts';

// npm run backup while the app runs and writes; npm run restore into an empty place gives the same data and files.
const onExternal = process.env.ZERRI_TEST_DB === 'external';
const run = promisify(execFile);
// Budgets for a loaded 2-core machine: a run there takes up to a minute.
const TEST_TIMEOUT_MS = 300_000;
const EVENT_TIMEOUT_MS = 30_000;

beforeAll(() => ensureServerBuild(), 120_000);
afterAll(() => killLeftovers());

const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(process.execPath, [`dist/server/${script}.js`, ...args], { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production', ...env } });

/** Every row of every table of the app's schemas, as text, in a stable order. */
async function tableContents(databaseUrl: string): Promise<Map<string, string[]>> {
  const tables = await query<{ name: string }>(
    databaseUrl,
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`,
  );
  const contents = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await query<{ line: string }>(databaseUrl, `SELECT row_to_json(t)::text AS line FROM ${name.split('.').map((part) => `"${part}"`).join('.')} t ORDER BY 1`);
    contents.set(name, rows.map((row) => row.line));
  }
  return contents;
}

function storedFiles(dataDir: string): Map<string, string> {
  const root = path.join(dataDir, 'storage');
  const files = new Map<string, string>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full);
    if (relative.startsWith('.incoming')) continue;
    files.set(relative, createHash('sha256').update(fs.readFileSync(full)).digest('hex'));
  }
  return files;
}

describe(`backup and restore (${onExternal ? 'external' : 'embedded'} PostgreSQL)`, () => {
  it('archives online and restores the same data and files into an empty place', { timeout: TEST_TIMEOUT_MS }, async () => {
    const source = makeDataDir();
    const target = makeDataDir();
    const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-archive-'));
    // The source is not a test of migrations (a copy of the migrated template); the target must be empty.
    const sourceUrl = onExternal ? await createMigratedDatabase() : undefined;
    const targetUrl = onExternal ? await createEmptyDatabase() : undefined;
    try {
      const app = await startAppProcess({ dataDir: source, env: sourceUrl ? { DATABASE_URL: sourceUrl } : {} });
      const databaseUrl = databaseUrlOf(source, sourceUrl);
      const email = 'archived@example.com';
      const cookie = await signedInCreator(app, databaseUrl, email);
      const cover = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3355aa' } }).png().toBuffer();
      for (let i = 0; i < 3; i++) {
        const form = productForm(`Archived ${i} — ünïcödé`, randomBytes(200_000 + i));
        if (i === 0) form.set('cover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
        const response = await fetch(`${app.base}/api/products`, { method: 'POST', headers: { cookie, origin: app.base }, body: form });
        expect(response.status, await response.clone().text()).toBe(201);
      }
      const link = await fetch(`${app.base}/api/links`, {
        method: 'POST',
        headers: { cookie, origin: app.base, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.com/archived', code: 'archived' }),
      });
      expect(link.status).toBe(201);
      for (let i = 0; i < 5; i++) await fetch(`${app.base}/z/archived`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      await expect.poll(async () => (await query<{ clicks: string }>(databaseUrl, `SELECT clicks FROM short_links WHERE short_code = 'archived'`))[0]!.clicks, { timeout: EVENT_TIMEOUT_MS })
        .toBe('5');
      await fetch(`${app.base}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'reader@example.com' }) });

      // Online: the app keeps taking new links while the backup runs.
      let writing = true;
      const created: string[] = [];
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const response = await fetch(`${app.base}/api/links`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url: `https://example.com/during-backup/${i}` }),
          });
          if (response.status === 201) created.push(((await response.json()) as { code: string }).code);
        }
      })();
      const before = await tableContents(databaseUrl);
      const filesBefore = storedFiles(source);
      const archive = path.join(archiveDir, 'zerri.tar.gz');
      const backup = await cli('backup', [archive], { DATA_DIR: source, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) });
      writing = false;
      await writer;
      console.log(`backup (${onExternal ? 'external' : 'embedded'}): ${backup.stdout.trim()}`);
      expect(backup.stdout).toMatch(/^Backup written to .*zerri\.tar\.gz: [\d.]+ MB, \d+ rows in \d+ tables, 5 files, in [\d.]+ s\.$/m);
      expect(created.length).toBeGreaterThan(0);
      const { stdout: listing } = await run('tar', ['-tzf', archive]);
      expect(listing.split('\n')).toEqual(expect.arrayContaining(['manifest.json', 'database/public.users.jsonl']));

      const restore = await cli('restore', [archive], { DATA_DIR: target, ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) });
      console.log(`restore (${onExternal ? 'external' : 'embedded'}): ${restore.stdout.trim()}`);
      expect(restore.stdout).toMatch(/^Restored \d+ rows in \d+ tables and 5 files in [\d.]+ s\.$/m);

      const restoredApp = await startAppProcess({ dataDir: target, env: targetUrl ? { DATABASE_URL: targetUrl } : {} });
      const restored = await tableContents(databaseUrlOf(target, targetUrl));
      const after = await tableContents(databaseUrl);
      expect([...restored.keys()]).toEqual([...before.keys()]);
      for (const [table, rows] of restored) {
        if (table === 'public.short_links') continue;
        expect(rows, table).toEqual(before.get(table));
      }
      // Links written during the backup: the archive holds a consistent moment between "before" and "after".
      const links = restored.get('public.short_links')!;
      const afterLinks = new Set(after.get('public.short_links'));
      for (const row of before.get('public.short_links')!) expect(links).toContain(row);
      for (const row of links) expect(afterLinks.has(row)).toBe(true);
      expect(storedFiles(target)).toEqual(filesBefore);
      expect(filesBefore.size).toBe(5); // three product files, a cover and its card

      // The restored app works: the creator signs in and downloads a file.
      const signIn = await fetch(`${restoredApp.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: restoredApp.base },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const restoredCookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const products = await (await fetch(`${restoredApp.base}/api/my/products`, { headers: { cookie: restoredCookie } })).json();
      expect(products.items ?? products).toHaveLength(3);
      restoredApp.child.kill('SIGTERM');
      expect(await restoredApp.exit).toBe(0);

      // A second restore into the now filled place is refused.
      const again = cli('restore', [archive], { DATA_DIR: target, ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) });
      await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('The database is not empty.') });

      app.child.kill('SIGTERM');
      expect(await app.exit).toBe(0);
    } finally {
      for (const url of [sourceUrl, targetUrl]) if (url) await dropDatabase(url);
      for (const dir of [source, target, archiveDir]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

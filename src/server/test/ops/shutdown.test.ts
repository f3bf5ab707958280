import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER,
  createMigratedDatabase,
  databaseUrlOf,
  dropDatabase,
  ensureServerBuild,
  killLeftovers,
  makeDataDir,
  query,
  signedInCreator,
  startAppProcess,
} from './app-process.ts';

// SIGTERM on the production build: stop accepting, finish what is in flight, write what is buffered, exit 0.
const onExternal = process.env.ZERRI_TEST_DB === 'external';
// Budgets for a loaded 2-core machine (a run there takes about 15 s, the drain 2-3 s); the waits are on events.
const TEST_TIMEOUT_MS = 300_000;
const EVENT_TIMEOUT_MS = 30_000;

// One data directory for the file: the start that SIGTERM interrupts (below) is on the cluster the
// drain test made, as a restart is; a new one would wait for initdb before the signal could come.
let dataDir: string;
beforeAll(() => {
  ensureServerBuild();
  dataDir = makeDataDir();
}, 120_000);
afterAll(() => {
  killLeftovers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A multipart product upload over a raw connection, sent in slices so it is still arriving when SIGTERM comes. */
function slowUpload(base: string, cookie: string, file: Buffer) {
  const boundary = `----zerri${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('name', 'Drained Upload') +
      field('price', '12.00') +
      field('category', 'Software') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drained.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  const url = new URL('/api/products', base);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      cookie,
      origin: base,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  let sent = 0;
  return {
    answer,
    /** Sends the next `bytes` of the body. */
    async send(bytes: number) {
      const end = Math.min(body.length, sent + bytes);
      for (let at = sent; at < end; at += 256 * 1024) {
        const slice = body.subarray(at, Math.min(end, at + 256 * 1024));
        if (!req.write(slice)) await new Promise((resolve) => req.once('drain', resolve));
      }
      sent = end;
      if (sent === body.length) req.end();
    },
    get remaining() {
      return body.length - sent;
    },
  };
}

/** Bytes the app has received of uploads in flight (they stream into DATA_DIR/tmp/uploads). */
function bytesBeingUploaded(dataDir: string): number {
  const dir = path.join(dataDir, 'tmp', 'uploads');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, name) => sum + (fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/** Whether a new TCP connection is answered (fetch could reuse a kept-alive one). */
function freshConnection(url: string): Promise<'accepted' | 'refused'> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve('accepted');
    });
    req.on('error', () => resolve('refused'));
  });
}

describe(`SIGTERM on the production build (${onExternal ? 'external' : 'embedded'} PostgreSQL)`, () => {
  it('stops accepting, completes the upload in flight, writes buffered clicks, closes the database and exits 0', { timeout: TEST_TIMEOUT_MS }, async () => {
    // Not a test of migrations: on an external server, a copy of the migrated template.
    const externalUrl = onExternal ? await createMigratedDatabase() : undefined;
    const env: Record<string, string> = externalUrl ? { DATABASE_URL: externalUrl } : {};
    try {
      // A busy machine may take longer than the default 10 s to drain: exit 0 says it drained, not how fast.
      const app = await startAppProcess({ dataDir, env: { ...env, SHUTDOWN_TIMEOUT_MS: '120000' } });
      const databaseUrl = databaseUrlOf(dataDir, externalUrl);
      const cookie = await signedInCreator(app, databaseUrl, 'drain@example.com');

      const link = await fetch(`${app.base}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.com/drain', code: 'drain-me' }),
      });
      expect(link.status).toBe(201);
      // An open event stream must not hold the shutdown up.
      const events = await fetch(`${app.base}/api/events`, { headers: { cookie } });
      expect(events.status).toBe(200);

      const file = randomBytes(6 * 1024 * 1024);
      const upload = slowUpload(app.base, cookie, file);
      await upload.send(1024 * 1024);
      // The app is reading the upload once its first bytes reach the temporary file.
      await expect.poll(() => bytesBeingUploaded(dataDir), { timeout: EVENT_TIMEOUT_MS, interval: 20 }).toBeGreaterThan(0);
      const clicks = 25;
      for (let i = 0; i < clicks; i++) {
        const response = await fetch(`${app.base}/z/drain-me`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
        expect(response.status).toBe(302);
      }

      const signalled = performance.now();
      app.child.kill('SIGTERM');
      // New connections are refused while the upload is still arriving.
      await expect.poll(() => freshConnection(`${app.base}/healthz`), { timeout: EVENT_TIMEOUT_MS, interval: 50 }).toBe('refused');
      expect(upload.remaining).toBeGreaterThan(0);
      while (upload.remaining > 0) await upload.send(512 * 1024);
      const answer = await upload.answer;
      expect(answer.status, answer.body).toBe(201);
      const productId = (JSON.parse(answer.body) as { product: { id: string } }).product.id;

      const code = await app.exit;
      const drainMs = performance.now() - signalled;
      console.log(`SIGTERM drain (${onExternal ? 'external' : 'embedded'}): ${Math.round(drainMs)} ms with a 6 MB upload in flight and an open event stream`);
      expect(code).toBe(0); // past SHUTDOWN_TIMEOUT_MS the app would exit 1

      // The database connections are closed: the embedded server is stopped, the external one holds none of ours.
      if (onExternal) {
        const name = new URL(externalUrl!).pathname.slice(1);
        const adminUrl = process.env.TEST_DATABASE_URL!;
        expect(await query(adminUrl, `SELECT pid FROM pg_stat_activity WHERE datname = $1`, [name])).toEqual([]);
      } else {
        expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      }

      // After a restart: the clicks were written at shutdown, the upload is whole.
      const again = await startAppProcess({ dataDir, env });
      const counted = await (await fetch(`${again.base}/api/links/drain-me`)).json();
      expect(counted.clicks).toBe(clicks);
      const download = await fetch(`${again.base}/api/products/${productId}/file`, { headers: { cookie } });
      expect(download.status).toBe(200);
      const stored = Buffer.from(await download.arrayBuffer());
      expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
      again.child.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    } finally {
      if (externalUrl) await dropDatabase(externalUrl);
    }
  });
});

/** The postmaster's pid from postmaster.pid (throws until the embedded server has written it). */
function postmasterPid(dataDir: string): number | undefined {
  const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Only the embedded server is started here, whatever the project: it is defined once, in the embedded project.
if (!onExternal) describe('SIGTERM while Zerri starts', () => {
  it('stops the embedded PostgreSQL it was starting and exits 0', { timeout: TEST_TIMEOUT_MS }, async () => {
    const app = await startAppProcess({ dataDir, ready: false });
    // The signal comes once the database server exists: while it starts, migrates or the app is built.
    let pid: number | undefined;
    await expect
      .poll(
        () => {
          try {
            pid = postmasterPid(dataDir);
          } catch {
            pid = undefined; // not written yet
          }
          return pid !== undefined || app.child.exitCode !== null;
        },
        { timeout: EVENT_TIMEOUT_MS * 2, interval: 10 },
      )
      .toBe(true);
    expect(pid, app.output()).toBeDefined();
    app.child.kill('SIGTERM');
    expect(await app.exit, app.output()).toBe(0);
    expect(alive(pid!)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import { ensureServerBuild } from '../test/ops/app-process.ts';
import { seedSale } from '../modules/invoices/test-helpers.ts';
import { createSignedInUser, createTestApp, logIn, request, type TestApp } from '../test/test-app.ts';

const run = promisify(execFile);

let test: TestApp;
beforeAll(async () => {
  // The commands as npm runs them: the build (dist/server), not tsx compiling the sources at each run.
  ensureServerBuild();
  test = await createTestApp();
}, 120_000);
afterAll(() => test.close());

describe('npm run user:role', () => {
  const userRole = (...args: string[]) =>
    run(process.execPath, ['dist/server/user-role.js', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: test.databaseUrl },
    });

  it('makes an existing account an admin', async () => {
    const { email, cookie } = await createSignedInUser(test, { role: 'creator' });
    const { stdout } = await userRole(email, 'admin');
    expect(stdout).toContain(`${email} is now admin.`);
    const overview = await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie });
    expect(overview.statusCode).toBe(200);
  });

  it('refuses an unknown role or account', async () => {
    // Both at once: neither changes anything the other reads. (Caught at once too: the second may fail
    // while the first is awaited, which would otherwise be an unhandled rejection.)
    const [unknownRole, unknownAccount] = [userRole('someone@example.com', 'superuser'), userRole('nobody-here@example.com', 'admin')];
    for (const command of [unknownRole, unknownAccount]) command.catch(() => {});
    await expect(unknownRole).rejects.toMatchObject({ code: 2 });
    await expect(unknownAccount).rejects.toMatchObject({ code: 1 });
  });
});

describe('npm run ledger:check', () => {
  const ledgerCheck = () => run(process.execPath, ['dist/server/ledger-check.js'], { cwd: projectRoot, env: { ...process.env, DATABASE_URL: test.databaseUrl } });

  it('passes on books that match, and names a sale whose postings do not', async () => {
    const { id: creatorId } = await createSignedInUser(test, { role: 'creator' });
    const sale = await seedSale(test.database, creatorId, 2500);
    expect((await ledgerCheck()).stdout).toContain('The ledger balances and matches');
    // A refund written past the ledger: the sale says 500 less than its postings.
    await test.database.pool.query('UPDATE sales SET refunded_cents = 500 WHERE id = $1', [sale.id]);
    const failed = ledgerCheck();
    failed.catch(() => {});
    await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`sale ${sale.id}: provider posted 2500, expected 2000`) });
    await test.database.pool.query('UPDATE sales SET refunded_cents = 0 WHERE id = $1', [sale.id]);
  });
});

describe('npm run restore', () => {
  it('says so when the archive does not exist', async () => {
    const restore = run(process.execPath, ['dist/server/restore.js', 'backups/no-such-archive.tar.gz'], { cwd: projectRoot });
    await expect(restore).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('There is no file /') });
    await expect(restore).rejects.toMatchObject({ stderr: expect.stringContaining('backups/no-such-archive.tar.gz') });
  });
});

describe('demo content', () => {
  it('fills an empty database once and its logins work', async () => {
    const empty = await createTestApp();
    try {
      const lines: string[] = [];
      const storage = empty.app.zerri.storage;
      expect(await seedDemo(empty.database.db, { isProduction: false }, (line) => lines.push(line), storage)).toBe(true);
      expect(lines.join('\n')).toContain('admin@demo.zerri.test');
      const cookie = await logIn(empty.app, 'admin@demo.zerri.test', DEMO_PASSWORD);
      const me = await request(empty.app, { method: 'GET', url: '/api/me', cookie });
      expect(me.json().user).toMatchObject({ role: 'admin', storefrontSlug: 'ada-admin' });
      const { rows } = await empty.database.pool.query(`SELECT role, count(*)::int AS n FROM users GROUP BY role ORDER BY role`);
      expect(rows).toEqual([
        { role: 'admin', n: 1 },
        { role: 'company', n: 1 },
        { role: 'creator', n: 2 },
        { role: 'user', n: 1 },
      ]);
      const store = await request(empty.app, { method: 'GET', url: '/api/store/products?pageSize=60' });
      expect(store.json().total).toBe(24);
      const categories = new Set(store.json().items.map((item: { category: string }) => item.category));
      expect(categories.size).toBe(8);
      const cover = await request(empty.app, { method: 'GET', url: store.json().items[0].cardUrl });
      expect(cover.headers['content-type']).toBe('image/webp');
      expect((await request(empty.app, { method: 'GET', url: '/api/links/maya-kit' })).json().clicks).toBe(42);
      expect((await request(empty.app, { method: 'GET', url: '/api/jobs' })).json().total).toBe(3);
      const posts = (await request(empty.app, { method: 'GET', url: '/api/posts?feed=popular' })).json().items;
      expect(posts).toHaveLength(4);
      expect(posts[0]).toMatchObject({ likeCount: 2 });
      expect(await seedDemo(empty.database.db, { isProduction: false }, () => {})).toBe(false);
    } finally {
      await empty.close();
    }
    // A fresh database and 24 products with their drawn covers: minutes on a busy machine, not seconds.
  }, 180_000);

  it('never runs in production', async () => {
    await expect(seedDemo(test.database.db, { isProduction: true }, () => {})).rejects.toThrow(/never seeded in production/);
  });
});

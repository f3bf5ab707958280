import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedDatabase,
  databaseUrlOf,
  dropDatabase,
  ensureServerBuild,
  killLeftovers,
  makeDataDir,
  productForm,
  query,
  signedInCreator,
  startAppProcess,
  type AppProcess,
} from './app-process.ts';

// kill -9 of the production build under a write load (sign-ups, uploads, links, sales): every acknowledged write survives.
// `npm test` kills twice per database; `npm run test:crash` the full 20 (CRASH_KILLS), for races that show once in many kills.
// Two kills still take every path once: on the embedded server the first kills the app alone (the restart
// takes over the PostgreSQL left running), the second the app and its PostgreSQL (the restart recovers
// from the WAL); on an external server the second kills an app that itself started after a kill. After
// each restart every write acknowledged so far, of the four kinds, is checked.
const onExternal = process.env.ZERRI_TEST_DB === 'external';
const KILLS = Number(process.env.CRASH_KILLS ?? 2);
// A kill with its restart and checks takes about 12 s on a loaded 2-core machine; four times that per kill, and the first start.
const TIMEOUT_MS = 120_000 + KILLS * 45_000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(() => ensureServerBuild(), 120_000);
afterAll(() => killLeftovers());

interface Acknowledged {
  users: string[];
  links: { code: string; url: string }[];
  products: { id: string; sha: string; size: number }[];
  /** Paid orders of one product each. */
  sales: string[];
}

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/**
 * Writers that loop until the app dies; only writes the app answered with success are recorded.
 * Resolves once every kind of write has been acknowledged in this cycle, so the kill lands under load
 * however fast the machine is.
 */
async function writeLoad(app: AppProcess, cookie: string, shopProduct: string, cycle: number, acked: Acknowledged, uploads: Set<string>) {
  let alive = true;
  const loop = async (write: (i: number) => Promise<void>) => {
    for (let i = 0; alive; i++) {
      try {
        await write(i);
      } catch {
        // The app is gone, or a kept-alive connection to an earlier app on the same port was: try again while it runs.
        if (app.child.exitCode !== null || app.child.signalCode !== null) return;
      }
    }
  };
  const writers = [
    loop(async (i) => {
      const email = `crash-${cycle}-${i}@example.com`;
      const response = await fetch(`${app.base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Crash Test', password: 'correct-horse-battery', role: 'user' }),
      });
      if (response.status === 200) acked.users.push(email);
    }),
    ...[0, 1].map((worker) =>
      loop(async (i) => {
        const url = `https://example.com/crash/${cycle}/${worker}/${i}`;
        const response = await fetch(`${app.base}/api/links`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        });
        if (response.status === 201) acked.links.push({ code: ((await response.json()) as { code: string }).code, url });
      }),
    ),
    loop(async (i) => {
      const file = randomBytes(256 * 1024 + i);
      const sha = sha256(file);
      uploads.add(sha);
      const response = await fetch(`${app.base}/api/products`, {
        method: 'POST',
        headers: { cookie, origin: app.base },
        body: productForm(`Crash ${cycle}-${i}`, file),
      });
      if (response.status === 201) acked.products.push({ id: ((await response.json()) as { product: { id: string } }).product.id, sha, size: file.length });
    }),
    // Sales: a guest checkout of one product, paid with the test provider's card.
    loop(async (i) => {
      const started = await fetch(`${app.base}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `buyer-${cycle}-${i}@example.com`, productIds: [shopProduct] }),
      });
      if (started.status !== 201) return;
      const { orderId } = (await started.json()) as { orderId: string };
      const paid = await fetch(`${app.base}/api/orders/${orderId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card: GOOD_CARD }),
      });
      if (paid.status === 200) acked.sales.push(orderId);
    }),
  ];
  const counts = () => [acked.users.length, acked.links.length, acked.products.length, acked.sales.length];
  const before = counts();
  await expect
    .poll(() => counts().map((count, kind) => count > before[kind]!), { timeout: 60_000, interval: 20, message: 'new writes of users, links, products, sales' })
    .toEqual([true, true, true, true]);
  return {
    stop: async () => {
      alive = false;
      await Promise.all(writers);
    },
  };
}

/** Every acknowledged write is in the database, and every visible stored file is a whole upload. */
async function verify(databaseUrl: string, dataDir: string, acked: Acknowledged, uploads: Set<string>) {
  const users = await query<{ email: string }>(databaseUrl, `SELECT email FROM users WHERE email = ANY($1)`, [acked.users]);
  expect(users.length).toBe(acked.users.length);
  const links = await query<{ short_code: string; original_url: string }>(
    databaseUrl,
    `SELECT short_code, original_url FROM short_links WHERE short_code = ANY($1)`,
    [acked.links.map((link) => link.code)],
  );
  const urls = new Map(links.map((row) => [row.short_code, row.original_url]));
  for (const link of acked.links) expect(urls.get(link.code)).toBe(link.url);
  const products = await query<{ id: string; file_key: string; file_size: string }>(
    databaseUrl,
    `SELECT id, file_key, file_size FROM products WHERE id = ANY($1::uuid[])`,
    [acked.products.map((product) => product.id)],
  );
  expect(products.length).toBe(acked.products.length);
  const byId = new Map(products.map((row) => [row.id, row]));
  const filesRoot = path.join(dataDir, 'storage', 'product-files');
  for (const product of acked.products) {
    const row = byId.get(product.id)!;
    expect(Number(row.file_size)).toBe(product.size);
    expect(sha256(fs.readFileSync(path.join(filesRoot, row.file_key)))).toBe(product.sha);
  }
  const paid = await query<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM orders o JOIN sales s ON s.order_id = o.id WHERE o.id = ANY($1) AND o.status = 'paid' AND s.product_id IS NOT NULL`,
    [acked.sales],
  );
  expect(paid[0]!.n).toBe(acked.sales.length);
  // No half-written upload is visible: each file in the bucket is one of the uploads, whole.
  const visible = fs.existsSync(filesRoot) ? fs.readdirSync(filesRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  for (const entry of visible) expect(uploads.has(sha256(fs.readFileSync(path.join(entry.parentPath, entry.name))))).toBe(true);
  return { visibleFiles: visible.length };
}

/** kill -9 of the app; on the embedded server every other time its PostgreSQL too (crash recovery from the WAL). */
async function crash(app: AppProcess, withDatabase: boolean) {
  if (withDatabase) {
    const postmaster = Number(fs.readFileSync(path.join(app.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(-postmaster, 'SIGKILL'); // its own process group: the server and every backend
  }
  app.child.kill('SIGKILL');
  await app.exit;
}

describe(`kill -9 under a write load (${onExternal ? 'external' : 'embedded'} PostgreSQL)`, () => {
  it(`keeps every acknowledged write over ${KILLS} kills`, { timeout: TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    // Not a test of migrations: on an external server, a copy of the migrated template.
    const externalUrl = onExternal ? await createMigratedDatabase() : undefined;
    // Sales with the test card: production takes them only on a staging site (ALLOW_TEST_PAYMENTS).
    const env: Record<string, string> = { ALLOW_TEST_PAYMENTS: 'true', ...(externalUrl ? { DATABASE_URL: externalUrl } : {}) };
    const acked: Acknowledged = { users: [], links: [], products: [], sales: [] };
    const uploads = new Set<string>();
    const started = performance.now();
    try {
      let app = await startAppProcess({ dataDir, env });
      const cookie = await signedInCreator(app, databaseUrlOf(dataDir, externalUrl), 'crash-creator@example.com');
      const shopFile = randomBytes(1000);
      uploads.add(sha256(shopFile));
      const shop = await fetch(`${app.base}/api/products`, { method: 'POST', headers: { cookie, origin: app.base }, body: productForm('For sale', shopFile) });
      expect(shop.status).toBe(201);
      const shopProduct = ((await shop.json()) as { product: { id: string } }).product.id;
      for (let cycle = 0; cycle < KILLS; cycle++) {
        if (cycle > 0) {
          app = await startAppProcess({ dataDir, env });
          await verify(databaseUrlOf(dataDir, externalUrl), dataDir, acked, uploads);
        }
        const load = await writeLoad(app, cookie, shopProduct, cycle, acked, uploads);
        await crash(app, !onExternal && cycle % 2 === 1);
        await load.stop();
      }
      app = await startAppProcess({ dataDir, env });
      const { visibleFiles } = await verify(databaseUrlOf(dataDir, externalUrl), dataDir, acked, uploads);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `kill -9 (${onExternal ? 'external' : 'embedded'}): ${KILLS} kills in ${seconds} s; acknowledged and found again: ` +
          `${acked.users.length} sign-ups, ${acked.links.length} links, ${acked.products.length} uploads (${visibleFiles} files visible, all whole), ${acked.sales.length} sales`,
      );
      // The load really ran: every kind of write was acknowledged, many times over.
      for (const writes of [acked.users, acked.links, acked.products, acked.sales]) expect(writes.length).toBeGreaterThan(0);
      expect(acked.users.length + acked.links.length + acked.products.length + acked.sales.length).toBeGreaterThan(KILLS * 4);
      app.child.kill('SIGTERM');
      expect(await app.exit).toBe(0);
    } finally {
      if (externalUrl) await dropDatabase(externalUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

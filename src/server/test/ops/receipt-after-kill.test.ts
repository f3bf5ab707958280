import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../smtp-peer.ts';
import {
  createMigratedDatabase,
  databaseUrlOf,
  dropDatabase,
  ensureServerBuild,
  findAppPort,
  killLeftovers,
  makeDataDir,
  productForm,
  query,
  signedInCreator,
  startAppProcess,
} from './app-process.ts';

// kill -9 of the production build right after a payment, while its SMTP server is down: after a
// restart the receipt (a task written with the payment) reaches the SMTP server, exactly once.
const onExternal = process.env.ZERRI_TEST_DB === 'external';
// Budgets for a loaded 2-core machine (two starts, the first with initdb); the waits are on events.
const TEST_TIMEOUT_MS = 300_000;
const EVENT_TIMEOUT_MS = 180_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

beforeAll(() => ensureServerBuild(), 120_000);
afterAll(() => killLeftovers());

/** The text of a received mail, quoted-printable soft breaks undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function postJson(url: string, body: unknown) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe(`a receipt after kill -9 (${onExternal ? 'external' : 'embedded'} PostgreSQL)`, () => {
  it('is delivered once after the restart when the payment was acknowledged before the kill', { timeout: TEST_TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    // Not a test of migrations: on an external server, a copy of the migrated template.
    const externalUrl = onExternal ? await createMigratedDatabase() : undefined;
    const smtpPort = await findAppPort(); // nothing listens there until the restart
    const env: Record<string, string> = {
      ALLOW_TEST_PAYMENTS: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(externalUrl ? { DATABASE_URL: externalUrl } : {}),
    };
    let peer: SmtpPeer | undefined;
    try {
      const app = await startAppProcess({ dataDir, env });
      const databaseUrl = databaseUrlOf(dataDir, externalUrl);
      const cookie = await signedInCreator(app, databaseUrl, 'receipt-creator@example.com');
      const upload = await fetch(`${app.base}/api/products`, { method: 'POST', headers: { cookie, origin: app.base }, body: productForm('Kept receipt', randomBytes(1000)) });
      expect(upload.status).toBe(201);
      const productId = ((await upload.json()) as { product: { id: string } }).product.id;

      const buyer = 'receipt-buyer@example.com';
      const started = await postJson(`${app.base}/api/checkout`, { email: buyer, productIds: [productId] });
      expect(started.status).toBe(201);
      const { orderId } = (await started.json()) as { orderId: string };
      const paid = await postJson(`${app.base}/api/orders/${orderId}/pay`, { card: GOOD_CARD });
      expect(paid.status, await paid.clone().text()).toBe(200);
      app.child.kill('SIGKILL');
      await app.exit;

      // Its receipt is one task, committed with the payment; nothing was delivered.
      const receiptTasks = () => query<{ state: string }>(databaseUrlOf(dataDir, externalUrl), `SELECT state FROM tasks WHERE name = 'mail.send' AND payload->>'to' = $1`, [buyer]);
      expect(await receiptTasks()).toHaveLength(1);
      expect((await query<{ status: string }>(databaseUrlOf(dataDir, externalUrl), `SELECT status FROM orders WHERE id = $1`, [orderId]))[0]?.status).toBe('paid');

      peer = await startSmtpPeer(smtpPort);
      const restarted = await startAppProcess({ dataDir, env });
      const delivered = peer;
      await expect
        .poll(async () => delivered.received.some((mail) => mail.to.includes(buyer)) && (await receiptTasks()).length === 0, {
          timeout: EVENT_TIMEOUT_MS,
          interval: 100,
          message: 'the receipt delivered and its task done',
        })
        .toBe(true);
      const receipts = delivered.received.filter((mail) => mail.to.includes(buyer));
      expect(receipts).toHaveLength(1);
      expect(bodyOf(receipts[0]!.raw)).toContain('Thank you for your purchase!');
      // The order by its store's number: the creator's first.
      expect(bodyOf(receipts[0]!.raw)).toMatch(/Order [A-Z0-9]+-0001\b/);

      restarted.child.kill('SIGTERM');
      expect(await restarted.exit).toBe(0);
    } finally {
      await peer?.close();
      if (externalUrl) await dropDatabase(externalUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

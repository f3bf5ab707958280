import { describe, expect, inject, it } from 'vitest';
import type { AudiencePost } from '#shared/audience-api.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { createSignedInUser, createTestApp, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { adminQuery } from '../../test/global-setup.ts';

// A send to 1,000 recipients stopped in the middle: the first instance is killed (its database
// sessions terminated, so its open transaction rolls back, and its app closed) while it sends;
// a second instance on the same database finishes the send. Each recipient gets exactly one mail,
// counted at a real SMTP server.

const RECIPIENTS = 1000;
/** 100 mails a step, a step a second: ten steps, so the kill lands in the middle. */
const RATE = String(RECIPIENTS * 6);

async function freePort() {
  const peer = await startSmtpPeer();
  await peer.close();
  return peer.port;
}

async function deliveryCounts(test: TestApp, postId: string) {
  const { rows } = await test.database.pool.query<{ total: number; sent: number }>(
    `SELECT count(*)::int AS total, count(sent_at)::int AS sent FROM audience_deliveries WHERE post_id = $1`,
    [postId],
  );
  return rows[0]!;
}

describe('a 1,000-recipient send', () => {
  it('gives each recipient exactly one mail after a crash in the middle and a restart', { timeout: 180_000 }, async () => {
    // The creator, 1,000 buyers (and three refunded and unsubscribed ones) and a draft, on one database.
    // A thousand buyers written straight into the sales table (an audience, not money): no ledger check.
    const setup = await createTestApp({}, { ledgerCheck: false });
    const databaseName = new URL(setup.databaseUrl).pathname.slice(1);
    const seller = await createSignedInUser(setup, { role: 'creator', name: 'Bulk Sender' });
    await setup.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [seller.id]);
    await setup.database.pool.query(
      `WITH o AS (
         INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider, paid_at)
         SELECT 'ord_bulk_' || n, 'products', 'reader-' || n || '@example.test', 500, 'paid', 'test', now() FROM generate_series(1, $2::int + 2) n
         RETURNING id, buyer_email)
       INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents, status, refunded_cents)
       SELECT id, 'Bulk Pack', $1, buyer_email, 500,
         CASE WHEN buyer_email = 'reader-' || ($2::int + 1) || '@example.test' THEN 'refunded' ELSE 'completed' END,
         CASE WHEN buyer_email = 'reader-' || ($2::int + 1) || '@example.test' THEN 500 ELSE 0 END
       FROM o`,
      [seller.id, RECIPIENTS],
    );
    await setup.database.pool.query(`INSERT INTO audience_unsubscribes (creator_id, email) VALUES ($1, $2)`, [seller.id, `reader-${RECIPIENTS + 2}@example.test`]);
    const created = await request(setup.app, { method: 'POST', url: '/api/audience/posts', cookie: seller.cookie, payload: { subject: 'Big news', body: 'For all of you.', audience: { kind: 'customers' } } });
    expect(created.statusCode, created.body).toBe(201);
    const postId = (created.json() as AudiencePost).id;
    await setup.close();

    // The first instance: its SMTP server is not up yet, so no mail is on the wire when it dies.
    const first = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, AUDIENCE_MAILS_PER_MINUTE: RATE }, { databaseName, ledgerCheck: false });
    let firstClosed = false;
    const peer = await startSmtpPeer();
    try {
      const sent = await request(first.app, { method: 'POST', url: `/api/audience/posts/${postId}/send`, cookie: seller.cookie, payload: {} });
      expect(sent.statusCode, sent.body).toBe(200);
      const atKill = await waitFor('part of the send', async () => {
        const counts = await deliveryCounts(first, postId);
        return counts.sent >= 300 ? counts : undefined;
      });
      expect(atKill.total).toBe(RECIPIENTS);
      expect(atKill.sent).toBeLessThan(RECIPIENTS);

      // kill: every session of the first instance ends (a step's open transaction rolls back), then it stops.
      await adminQuery(inject('adminDatabaseUrl'), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}' AND pid <> pg_backend_pid()`);
      await first.close().catch(() => {});
      firstClosed = true;

      // The restart, with the SMTP server up.
      const second = await createTestApp({ SMTP_URL: peer.url, AUDIENCE_MAILS_PER_MINUTE: RATE }, { databaseName, ledgerCheck: false });
      try {
        // The mails the first instance queued wait out their backoff; due now.
        await second.database.pool.query(`UPDATE tasks SET run_at = now() WHERE name = 'mail.send' AND state = 'queued'`);
        await waitFor('every delivery marked sent', async () => (await deliveryCounts(second, postId)).sent === RECIPIENTS, 120_000);
        await waitFor('the mail queue emptied', async () => {
          await second.database.pool.query(`UPDATE tasks SET run_at = now() WHERE name = 'mail.send' AND state = 'queued' AND run_at > now()`);
          const { rows } = await second.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE name IN ('mail.send', 'audience.send')`);
          return rows[0]!.n === 0;
        }, 120_000);
        // No task left: every mail sent was accepted by the SMTP peer before its task ended, a duplicate too.

        const recipients = peer.received.flatMap((mail) => mail.to);
        expect(recipients).toHaveLength(RECIPIENTS);
        expect(new Set(recipients).size).toBe(RECIPIENTS);
        expect(recipients).not.toContain(`reader-${RECIPIENTS + 1}@example.test`); // refunded
        expect(recipients).not.toContain(`reader-${RECIPIENTS + 2}@example.test`); // unsubscribed
        const raw = peer.received[0]!.raw.replace(/\r\n[ \t]+/g, ' '); // headers unfolded
        expect(raw).toMatch(/List-Unsubscribe: <http:\/\/zerri\.test\/api\/audience\/unsubscribe\?token=[\w.-]+>/);
        expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(raw).toContain('Subject: A new update from a creator on Zerri');
        const post = await request(second.app, { method: 'GET', url: `/api/audience/posts/${postId}`, cookie: seller.cookie });
        expect(post.json()).toMatchObject({ status: 'sent', stats: { recipients: RECIPIENTS, sent: RECIPIENTS } });
      } finally {
        await second.close();
      }
    } finally {
      if (!firstClosed) await first.close().catch(() => {});
      await peer.close();
    }
  });
});

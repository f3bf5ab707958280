import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../test/test-app.ts';

// What grows without bound is cleaned on a timer (the recurring tasks wired in app.ts): expired
// sessions and verification values, the old webhook delivery log, long-failed tasks, notifications past 90 days, visits of deleted links. Each test makes
// rows old by their timestamps and runs the task through the app's own runner.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await test.database.pool.query<T>(text, values)).rows;

/** Makes the recurring task due now and waits until it ran. */
async function runNow(name: string) {
  await test.app.zerri.tasks.drain({ names: [name] }); // its first run, at start, is over
  const updated = await test.database.pool.query(`UPDATE tasks SET run_at = now() - interval '1 second' WHERE key = $1 AND state = 'queued'`, [`every:${name}`]);
  expect(updated.rowCount, `${name} is queued`).toBe(1);
  await test.app.zerri.tasks.drain({ names: [name] });
  const [row] = await q<{ state: string; attempts: number; last_error: string | null }>(`SELECT state, attempts, last_error FROM tasks WHERE key = $1`, [`every:${name}`]);
  expect(row, `${name} ran without error and waits for its next time`).toEqual({ state: 'queued', attempts: 0, last_error: null });
}

describe('clean-ups on a timer', () => {
  it('are each one queued task of the app', async () => {
    const rows = await q<{ key: string }>(`SELECT key FROM tasks WHERE key LIKE 'every:%' ORDER BY key`);
    expect(rows.map((row) => row.key)).toEqual(['every:audience.trial-ending', 'every:auth.purge', 'every:checkout.reminders', 'every:domains.check', 'every:links.purge', 'every:memberships.cycle', 'every:notifications.digest', 'every:notifications.purge', 'every:orders.expire', 'every:payouts.test-accounts', 'every:plans.cycle', 'every:tasks.purge', 'every:webhooks.purge']);
  });

  it('remove expired sessions and verification values, and keep the valid ones', async () => {
    const user = await createSignedInUser(test);
    await q(
      `INSERT INTO sessions (id, token, user_id, expires_at) VALUES
         ('old-session', 'old-token', $1, now() - interval '1 minute'), ('live-session', 'live-token', $1, now() + interval '1 day')`,
      [user.id],
    );
    await q(
      `INSERT INTO verifications (id, identifier, value, expires_at) VALUES
         ('old-verification', 'reset-password:old', 'x', now() - interval '1 minute'), ('live-verification', 'reset-password:live', 'y', now() + interval '1 hour')`,
    );
    await runNow('auth.purge');
    expect((await q<{ id: string }>(`SELECT id FROM sessions WHERE id IN ('old-session', 'live-session')`)).map((row) => row.id)).toEqual(['live-session']);
    expect((await q<{ id: string }>(`SELECT id FROM verifications WHERE id IN ('old-verification', 'live-verification')`)).map((row) => row.id)).toEqual([
      'live-verification',
    ]);
    // The session the user signed in with is still good.
    expect((await request(test.app, { method: 'GET', url: '/api/me', cookie: user.cookie })).json().user).toMatchObject({ id: user.id });
  });

  it('remove webhook deliveries done more than 30 days ago, and keep recent ones and those still being sent', async () => {
    const user = await createSignedInUser(test, { role: 'creator' });
    const [endpoint] = await q<{ id: string }>(
      `INSERT INTO webhook_endpoints (user_id, url, events, secret) VALUES ($1, 'https://hooks.example/in', '{sale.created}', 'whsec_x') RETURNING id`,
      [user.id],
    );
    const delivery = (id: string, status: string, createdDaysAgo: number, lastAttemptDaysAgo: number | null) =>
      q(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event, payload, status, created_at, last_attempt_at)
         VALUES ($1, $2, 'sale.created', '{}', $3, now() - make_interval(days => $4), now() - make_interval(days => $5))`,
        [id, endpoint!.id, status, createdDaysAgo, lastAttemptDaysAgo],
      );
    await delivery('msg_old_delivered', 'delivered', 31, 31);
    await delivery('msg_old_failed', 'failed', 32, 31);
    await delivery('msg_old_pending', 'pending', 40, 40);
    await delivery('msg_recent', 'delivered', 29, 29);
    await delivery('msg_old_resent', 'delivered', 40, 2); // sent again lately
    await runNow('webhooks.purge');
    const left = await q<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`, [endpoint!.id]);
    expect(left.map((row) => row.id)).toEqual(['msg_old_pending', 'msg_old_resent', 'msg_recent']);
  });

  it('forget Stripe events received more than 30 days ago, and keep the recent ones', async () => {
    await q(`INSERT INTO stripe_events (id, type, received_at) VALUES ('evt_purge_old', 'invoice.paid', now() - interval '31 days'), ('evt_purge_recent', 'invoice.paid', now() - interval '29 days')`);
    await runNow('webhooks.purge');
    expect((await q<{ id: string }>(`SELECT id FROM stripe_events WHERE id LIKE 'evt_purge_%' ORDER BY id`)).map((row) => row.id)).toEqual(['evt_purge_recent']);
  });

  it('remove the visits of links that are gone, and keep those of links that are there', async () => {
    const [link] = await q<{ id: number }>(`INSERT INTO short_links (short_code, original_url) VALUES ('purge-kept', 'https://example.com/') RETURNING id`);
    const gone = link!.id + 1_000_000; // never made: visits written after their link was deleted
    await q(
      `INSERT INTO link_visits (link_id, day, kind_id, clicks) VALUES ($1, '2026-11-28', 1, 3), ($2, '2026-11-28', 1, 2)`,
      [link!.id, gone],
    );
    await runNow('links.purge');
    const left = await q<{ link_id: number }>(`SELECT link_id FROM link_visits WHERE link_id IN ($1, $2)`, [link!.id, gone]);
    expect(left).toEqual([{ link_id: link!.id }]);
  });

  it('remove notifications older than 90 days, and keep the newer ones', async () => {
    const user = await createSignedInUser(test);
    await q(
      `INSERT INTO notifications (user_id, kind, data, created_at) VALUES
         ($1, 'sale', '{"productName":"Old"}', now() - interval '91 days'), ($1, 'sale', '{"productName":"Recent"}', now() - interval '89 days')`,
      [user.id],
    );
    await runNow('notifications.purge');
    const left = await q<{ name: string }>(`SELECT data->>'productName' AS name FROM notifications WHERE user_id = $1`, [user.id]);
    expect(left).toEqual([{ name: 'Recent' }]);
  });

  it('remove tasks failed more than 30 days ago, and keep recent failures for the admin', async () => {
    await q(
      `INSERT INTO tasks (name, payload, state, attempts, failed_at) VALUES
         ('test.failed-long-ago', '{}', 'failed', 3, now() - interval '31 days'), ('test.failed-lately', '{}', 'failed', 3, now() - interval '1 day')`,
    );
    await runNow('tasks.purge');
    const left = await q<{ name: string }>(`SELECT name FROM tasks WHERE name LIKE 'test.failed-%'`);
    expect(left.map((row) => row.name)).toEqual(['test.failed-lately']);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import { createSignedInUser, createTestApp, mailSent, request, uniqueEmail, waitFor, type TestApp } from '../../test/test-app.ts';
import { expirePendingOrders, PAYMENT_NOT_COMPLETED } from './service.ts';
import { buy, checkout, createProduct, pay } from './test-helpers.ts';

// Orders left unpaid are marked failed on a timer (orders.expire, wired in app.ts), here after
// ORDER_EXPIRY_HOURS=2. The clock is explicit: an order is made "old" by moving its created_at back.

let test: TestApp;
let productId: string;
beforeAll(async () => {
  test = await createTestApp({ ORDER_EXPIRY_HOURS: '2' });
  const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const creator = await createSignedInUser(test, { role: 'creator' });
  productId = (await createProduct(base, creator.cookie, { price: '7.00' })).id;
});
afterAll(() => test.close());

async function pendingOrder(email = uniqueEmail('buyer'), cookie?: string) {
  const started = await checkout(test, { email, productIds: [productId] }, cookie);
  expect(started.statusCode, started.body).toBe(201);
  return (started.json() as { orderId: string }).orderId;
}

const madeHoursAgo = (ids: string[], hours: number) =>
  test.database.pool.query(`UPDATE orders SET created_at = now() - make_interval(hours => $2) WHERE id = ANY($1)`, [ids, hours]);

async function orderRow(id: string) {
  const { rows } = await test.database.pool.query<{ status: string; failure_message: string | null }>(`SELECT status, failure_message FROM orders WHERE id = $1`, [id]);
  return rows[0]!;
}

const countOf = async (query: string, values: unknown[]) => (await test.database.pool.query<{ n: number }>(query, values)).rows[0]!.n;

/** Whether a statement starting with `prefix` waits for a lock in this test's database. */
const waitingOnLock = async (prefix: string) =>
  (await countOf(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`, [`${prefix}%`])) > 0;

describe('expiring unpaid orders', () => {
  it('marks failed, on its timer, the orders pending longer than ORDER_EXPIRY_HOURS, and leaves fresh, paid and Stripe orders alone', async () => {
    const buyer = await createSignedInUser(test, { role: 'user' });
    const [stale, staleOfBuyer, fresh, stripe] = [await pendingOrder(), await pendingOrder(buyer.email, buyer.cookie), await pendingOrder(), await pendingOrder()];
    const paid = await buy(test, uniqueEmail('buyer'), [productId]);
    await madeHoursAgo([stale, staleOfBuyer, paid, stripe], 3);
    await madeHoursAgo([fresh], 1);
    // Stripe's orders are failed by Stripe's own expiry webhook (payments.ts), never by the clock.
    await test.database.pool.query(`UPDATE orders SET provider = 'stripe' WHERE id = $1`, [stripe]);
    const events: RealtimeEvent[] = [];
    const unsubscribe = test.app.zerri.realtime.subscribe([userChannel(buyer.id)], (event) => events.push(event));

    await test.database.pool.query(`UPDATE tasks SET run_at = now() - interval '1 second' WHERE key = 'every:orders.expire' AND state = 'queued'`);
    await test.app.zerri.tasks.drain({ names: ['orders.expire'] });

    for (const id of [stale, staleOfBuyer]) expect(await orderRow(id)).toEqual({ status: 'failed', failure_message: PAYMENT_NOT_COMPLETED });
    expect((await orderRow(fresh)).status).toBe('pending');
    expect((await orderRow(paid)).status).toBe('paid');
    expect((await orderRow(stripe)).status).toBe('pending');
    await waitFor('the buyer’s event', () => events.find((event) => event.type === 'orders.changed'));
    unsubscribe();
    expect(events).toMatchObject([{ type: 'orders.changed', data: { id: staleOfBuyer, status: 'failed' } }]);

    // What the checkout page shows, and paying it now is refused; the fresh one is still paid normally.
    const shown = await request(test.app, { method: 'GET', url: `/api/orders/${stale}` });
    expect(shown.json().order).toMatchObject({ status: 'failed', failureMessage: PAYMENT_NOT_COMPLETED });
    const late = await pay(test, stale);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('order_not_pending');
    expect(await countOf(`SELECT count(*)::int AS n FROM sales WHERE order_id = $1`, [stale])).toBe(0);
    expect((await pay(test, fresh)).statusCode).toBe(200);
  });

  it('works through any number of orders in batches', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await pendingOrder());
    await madeHoursAgo(ids, 5);
    expect(await expirePendingOrders(test.app.zerri, 2)).toBe(5);
    for (const id of ids) expect((await orderRow(id)).status).toBe('failed');
  });

  it('leaves an order being paid at that moment to its payment: it ends paid, with one sale and one receipt', async () => {
    const email = uniqueEmail('buyer');
    const orderId = await pendingOrder(email);
    await madeHoursAgo([orderId], 3);
    // Holds the payment inside its transaction, after it took the order (status paid, not yet committed).
    const blocker = new pg.Client({ connectionString: test.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE sales IN SHARE MODE');
      const paying = pay(test, orderId);
      await waitFor('the payment to wait with its order taken', () => waitingOnLock('insert into "sales"'));

      let expiryDone = false;
      const expiring = expirePendingOrders(test.app.zerri).finally(() => (expiryDone = true));
      // Either it passed the order by (skipped as locked) or it waits for the payment: both must end paid.
      await waitFor('the expiry to finish or wait for the payment', async () => expiryDone || (await waitingOnLock('update "orders"')));
      await blocker.query('COMMIT');
      const [paid] = await Promise.all([paying, expiring]);
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await blocker.end();
    }
    expect((await orderRow(orderId)).status).toBe('paid');
    await expirePendingOrders(test.app.zerri);
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await countOf(`SELECT count(*)::int AS n FROM sales WHERE order_id = $1`, [orderId])).toBe(1);
    await mailSent(test.database);
    expect(await countOf(`SELECT count(*)::int AS n FROM dev_mailbox WHERE "to" = $1 AND text LIKE 'Thank you for your purchase!%'`, [email])).toBe(1);
  });
});

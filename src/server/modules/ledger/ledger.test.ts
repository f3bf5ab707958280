// The ledger over the real money paths (issue #45): each movement posts its transaction in the same
// database transaction, the balances are sums over it, and the database refuses books that do not add up.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { buy, createProduct, salesOf } from '../orders/test-helpers.ts';
import { balanceOf } from './ledger.ts';
import { checkLedger } from './check.ts';

const app = listeningTestApp();

/** The entries of the ledger's transactions that name `column` = `id`: kind, account (owner by name) and amount. */
async function postingsOf(column: 'sale_id' | 'payout_id', id: string, owners: Record<string, string>) {
  const { rows } = await app.test.database.pool.query<{ kind: string; account: string; owner_id: string | null; amount_cents: string }>(
    `SELECT t.kind, e.account, e.owner_id, e.amount_cents FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
     WHERE t.${column} = $1 ORDER BY t.id, e.id`,
    [id],
  );
  return rows.map((row) => `${row.kind} ${row.account}${row.owner_id ? `(${owners[row.owner_id] ?? row.owner_id})` : ''} ${row.amount_cents}`);
}

describe('the ledger', () => {
  it('posts a sale, two partial refunds and a payout as they happen; the payouts page shows the ledger’s balance', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { price: '40.00' });
    const orderId = await buy(app.test, uniqueEmail('ledger-buyer'), [product.id]);
    const [sale] = await salesOf(app.test, orderId);
    // The Free plan's 1 % fee: 40 of 4,000.
    expect(await postingsOf('sale_id', sale!.id, { [creator.id]: 'creator' })).toEqual(['sale provider 4000', 'sale platform_fees -40', 'sale balance(creator) -3960']);
    const test = { testMode: true };
    expect(await balanceOf(app.test.database.db, 'balance', creator.id, test)).toBe(3960);

    for (const amountCents of [333, 667]) {
      const refunded = await request(app.test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, cookie: creator.cookie, payload: { amountCents } });
      expect(refunded.statusCode, refunded.body).toBe(200);
    }
    // The fee gives back its part of each: 40 → round(40 × 3,667 / 4,000) = 37 → 30.
    expect((await postingsOf('sale_id', sale!.id, { [creator.id]: 'creator' })).slice(3)).toEqual([
      'refund provider -333',
      'refund platform_fees 3',
      'refund balance(creator) 330',
      'refund provider -667',
      'refund platform_fees 7',
      'refund balance(creator) 660',
    ]);
    expect(await balanceOf(app.test.database.db, 'balance', creator.id, test)).toBe(3960 - 330 - 660);

    await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: creator.cookie, payload: { type: 'paypal', email: 'creator@example.com' } });
    const requested = await request(app.test.app, {
      method: 'POST',
      url: '/api/payouts',
      cookie: creator.cookie,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amountCents: 1000 },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const payoutId = requested.json().payout.id as string;
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await request(app.test.app, { method: 'POST', url: `/api/admin/payouts/${payoutId}/complete`, cookie: admin.cookie })).statusCode).toBe(200);
    expect(await postingsOf('payout_id', payoutId, { [creator.id]: 'creator' })).toEqual([
      'payout balance(creator) 1000',
      'payout payouts_in_transit(creator) -1000',
      'payout_completed payouts_in_transit(creator) 1000',
      'payout_completed provider -1000',
    ]);
    // Outside production test money is payable: the real balance carries the payout as a debt, the sum is what is left.
    const page = (await request(app.test.app, { method: 'GET', url: '/api/payouts', cookie: creator.cookie })).json();
    expect(page.balanceCents).toBe(3960 - 330 - 660 - 1000);
    expect(await balanceOf(app.test.database.db, 'balance', creator.id, { testMode: false })).toBe(-1000);
    expect(await checkLedger(app.test.database.db)).toEqual([]);
  });

  it('posts a creator’s plan payment as the platform’s revenue, in no one’s balance', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    const subscribed = await request(app.test.app, { method: 'POST', url: '/api/my/plan/subscription', cookie: creator.cookie, payload: { plan: 'pro', period: 'monthly', card } });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { rows: invoices } = await app.test.database.pool.query(`SELECT id, amount_cents FROM plan_invoices WHERE user_id = $1`, [creator.id]);
    expect(invoices).toHaveLength(1);
    const { rows } = await app.test.database.pool.query(
      `SELECT e.account, e.owner_id, e.amount_cents::int AS cents FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
       WHERE t.kind = 'plan_payment' AND t.plan_invoice_id = $1 ORDER BY e.id`,
      [invoices[0].id],
    );
    expect(rows).toEqual([
      { account: 'provider', owner_id: null, cents: invoices[0].amount_cents },
      { account: 'platform_fees', owner_id: null, cents: -invoices[0].amount_cents },
    ]);
    expect(await balanceOf(app.test.database.db, 'balance', creator.id, { testMode: true })).toBe(0);
  });

  it('is refused by the database when a transaction does not sum to zero, and cannot be changed or deleted', async () => {
    const { pool } = app.test.database;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(`INSERT INTO ledger_transactions (kind, currency) VALUES ('adjustment', 'USD') RETURNING id`);
      await client.query(`INSERT INTO ledger_entries (transaction_id, account, owner_id, amount_cents) VALUES ($1, 'balance', 'someone', -100), ($1, 'platform_fees', NULL, 99)`, [rows[0].id]);
      await expect(client.query('COMMIT')).rejects.toThrow(/does not sum to zero/);
    } finally {
      client.release();
    }
    const { rows } = await pool.query(`SELECT id FROM ledger_entries LIMIT 1`);
    expect(rows).toHaveLength(1);
    await expect(pool.query(`UPDATE ledger_entries SET amount_cents = amount_cents + 1 WHERE id = $1`, [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM ledger_entries WHERE id = $1`, [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM ledger_transactions`)).rejects.toThrow(/append-only/);
  });
});

describe('an admin’s balance adjustment', () => {
  const adjust = (id: string, payload: object, cookie?: string, extra: { method?: 'POST' | 'HEAD'; headers?: Record<string, string> } = {}) =>
    request(app.test.app, { method: extra.method ?? 'POST', url: `/api/admin/users/${id}/balance-adjustments`, payload: extra.method === 'HEAD' ? undefined : payload, cookie, headers: extra.headers });

  it('credits or debits a user with a reason they see, is posted and audited, and a debt holds payouts', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const credited = await adjust(creator.id, { amountCents: 2500, reason: '  Goodwill for the outage in May  ' }, admin.cookie);
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json()).toMatchObject({ adjustment: { amountCents: 2500, currency: 'USD', reason: 'Goodwill for the outage in May' }, balanceCents: 2500 });
    const debited = await adjust(creator.id, { amountCents: -4000, reason: 'Chargeback of order 1234' }, admin.cookie);
    expect(debited.json().balanceCents).toBe(-1500);

    const page = (await request(app.test.app, { method: 'GET', url: '/api/payouts', cookie: creator.cookie })).json();
    expect(page.balanceCents).toBe(-1500);
    expect(page.adjustments.map((row: { amountCents: number; reason: string }) => [row.amountCents, row.reason])).toEqual([
      [-4000, 'Chargeback of order 1234'],
      [2500, 'Goodwill for the outage in May'],
    ]);
    await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: creator.cookie, payload: { type: 'paypal', email: 'creator@example.com' } });
    const held = await request(app.test.app, { method: 'POST', url: '/api/payouts', cookie: creator.cookie, headers: { 'idempotency-key': randomUUID() }, payload: {} });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('balance_negative');

    const { rows } = await app.test.database.pool.query(`SELECT action, details FROM audit_log WHERE target_id = $1 ORDER BY created_at`, [creator.id]);
    expect(rows.map((row) => [row.action, row.details.amountCents, row.details.reason])).toEqual([
      ['balance.adjust', 2500, 'Goodwill for the outage in May'],
      ['balance.adjust', -4000, 'Chargeback of order 1234'],
    ]);
    expect(await checkLedger(app.test.database.db)).toEqual([]);
  });

  it('needs an amount other than zero and a reason, and a user who exists', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    for (const [payload, message] of [
      [{ amountCents: 0, reason: 'Nothing' }, 'Please enter an amount other than zero, like 25.00 or -25.00.'],
      [{ amountCents: 12.5, reason: 'Half a cent' }, 'Please enter an amount other than zero, like 25.00 or -25.00.'],
      [{ amountCents: 100, reason: '   ' }, 'Please say why the balance is adjusted; the creator sees it.'],
      [{ amountCents: 100 }, 'Please say why the balance is adjusted; the creator sees it.'],
    ] as const) {
      const refused = await adjust(creator.id, payload, admin.cookie);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const own = await adjust(admin.id, { amountCents: 100, reason: 'Mine' }, admin.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'own_balance', message: 'You cannot adjust your own balance.' });
    const nobody = await adjust('no-such-user', { amountCents: 100, reason: 'Test' }, admin.cookie);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('user_not_found');
    expect((await request(app.test.app, { method: 'GET', url: '/api/payouts', cookie: creator.cookie })).json().adjustments).toEqual([]);
  });

  it('is an admin’s alone: the user, another creator, a guest, a bot and a HEAD are refused and nothing is posted', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const payload = { amountCents: 100_000, reason: 'Mine' };
    expect((await adjust(creator.id, payload, creator.cookie)).statusCode).toBe(403);
    expect((await adjust(creator.id, payload, other.cookie)).statusCode).toBe(403);
    expect((await adjust(creator.id, payload)).statusCode).toBe(401);
    expect((await adjust(creator.id, payload, undefined, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).statusCode).toBe(401);
    expect((await adjust(creator.id, payload, creator.cookie, { method: 'HEAD' })).statusCode).toBe(404); // no such route for HEAD: nothing is posted
    expect(await balanceOf(app.test.database.db, 'balance', creator.id, { testMode: false })).toBe(0);
  });
});

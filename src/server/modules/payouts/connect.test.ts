// Payout accounts at the provider and the transfers to them (issue #45, decision 035), on the real
// database: the built-in test provider's simulation, and Stripe Connect on a local Stripe driven by
// Stripe's SDK. Every app's ledger is checked when it closes (createTestApp).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload, startFakeStripe, type FakeStripe } from '../../../../e2e/fake-providers/stripe.mjs';
import { userChannel } from '#shared/realtime.ts';
import { createSignedInUser, createTestApp, request, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { buy, checkout, createProduct, salesOf } from '../orders/test-helpers.ts';
import { TEST_ACCOUNT_PAYOUTS_TASK } from './connect.ts';
import { TRANSFER_TASK } from './transfers.ts';

const call = (test: TestApp, method: 'GET' | 'POST' | 'PUT' | 'HEAD', url: string, cookie?: string, payload?: object, headers?: Record<string, string>) =>
  request(test.app, { method, url, cookie, headers, ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}) });

async function transfersOf(test: TestApp, userId: string) {
  const { rows } = await test.database.pool.query(`SELECT * FROM transfers WHERE user_id = $1 ORDER BY created_at`, [userId]);
  return rows as { order_id: string; transfer_ref: string; amount_cents: number; reversed_cents: number; provider: string; account_ref: string }[];
}

/** The creator's balance in the ledger (what the platform holds for them), real or test money. */
async function ledgerBalance(test: TestApp, userId: string, testMode: boolean) {
  const { rows } = await test.database.pool.query(
    `SELECT coalesce(0 - sum(e.amount_cents), 0)::int AS cents FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account = 'balance' AND e.owner_id = $1 AND t.test_mode = $2`,
    [userId, testMode],
  );
  return (rows[0] as { cents: number }).cents;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const net = (sale: { amount_cents: number; fee_cents: number }) => sale.amount_cents - sale.fee_cents;

describe('payout accounts on the built-in test provider', () => {
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    test = await createTestApp();
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it('is only its owner’s: a guest is refused, a bot too, and HEAD answers like GET', async () => {
    for (const [method, url] of [
      ['GET', '/api/payouts/account'],
      ['POST', '/api/payouts/account'],
      ['POST', '/api/payouts/account/refresh'],
      ['POST', '/api/payouts/account/test-onboarding'],
    ] as const) {
      expect((await call(test, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(test, method, url, undefined, undefined, { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(401);
    }
    expect((await call(test, 'HEAD', '/api/payouts/account')).statusCode).toBe(401);
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await call(test, 'HEAD', '/api/payouts/account', creator.cookie)).statusCode).toBe(200);
    // Nothing to finish or refresh before an account exists.
    expect((await call(test, 'POST', '/api/payouts/account/refresh', creator.cookie)).json().error.code).toBe('payout_account_not_found');
    expect((await call(test, 'POST', '/api/payouts/account/test-onboarding', creator.cookie)).json().error.code).toBe('payout_account_not_found');
  });

  it('connects through the test onboarding page, then moves each sale’s net there and takes a refund’s part back', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    const before = (await call(test, 'GET', '/api/payouts/account', creator.cookie)).json();
    expect(before).toEqual({ available: true, unconnectedSellers: 'held', account: null, balances: [], payouts: [], transferredCents: 0 });

    // A sale before connecting stays in the balance, held by the platform.
    const product = await createProduct(base, creator.cookie, { price: '20.00' });
    const early = await buy(test, uniqueEmail('early'), [product.id]);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const [earlySale] = await salesOf(test, early);
    expect(await transfersOf(test, creator.id)).toEqual([]);
    expect(await ledgerBalance(test, creator.id, true)).toBe(net(earlySale!));

    const link = await call(test, 'POST', '/api/payouts/account', creator.cookie);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({ url: 'http://zerri.test/dashboard/payouts/test-onboarding' });
    // Connecting twice keeps one account.
    expect((await call(test, 'POST', '/api/payouts/account', creator.cookie)).statusCode).toBe(200);
    const { rows } = await test.database.pool.query(`SELECT account_ref FROM payout_accounts WHERE user_id = $1`, [creator.id]);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { account_ref: string }).account_ref).toMatch(/^acct_test_/);
    expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().account).toEqual({ provider: 'test', status: 'details_needed', requirements: [], transfersEnabled: false, testMode: true });
    // Another creator cannot finish this one's account: theirs does not exist.
    expect((await call(test, 'POST', '/api/payouts/account/test-onboarding', other.cookie)).statusCode).toBe(404);

    const done = await call(test, 'POST', '/api/payouts/account/test-onboarding', creator.cookie);
    expect(done.json()).toEqual({ account: { provider: 'test', status: 'payouts_enabled', requirements: [], transfersEnabled: true, testMode: true } });

    const orderId = await buy(test, uniqueEmail('buyer'), [product.id]);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const [sale] = await salesOf(test, orderId);
    const [transfer] = await transfersOf(test, creator.id);
    expect(transfer).toMatchObject({ order_id: orderId, amount_cents: net(sale!), reversed_cents: 0, provider: 'test' });
    expect(transfer!.transfer_ref).toMatch(/^tr_test_/);
    // The sale's money left the balance the platform holds: only the early sale is still there.
    expect(await ledgerBalance(test, creator.id, true)).toBe(net(earlySale!));
    expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().transferredCents).toBe(net(sale!));
    // Running the task again moves nothing twice.
    await test.database.pool.query(`INSERT INTO tasks (name, payload) VALUES ($1, $2)`, [TRANSFER_TASK, JSON.stringify({ orderId })]);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    expect(await transfersOf(test, creator.id)).toHaveLength(1);

    // A quarter refunded: the creator gives back what that quarter left them, from their account.
    const refund = await call(test, 'POST', `/api/sales/${sale!.id}/refund`, creator.cookie, { amountCents: 500 });
    expect(refund.statusCode, refund.body).toBe(200);
    const [after] = await transfersOf(test, creator.id);
    const fee = sale!.fee_cents;
    const keptFeeAfter = Math.round((fee * (2000 - 500)) / 2000);
    expect(after!.reversed_cents).toBe(500 - (fee - keptFeeAfter));
    expect(await ledgerBalance(test, creator.id, true)).toBe(net(earlySale!));

    // The test account holds what is left, until the test provider's daily payout takes it.
    const held = net(sale!) - after!.reversed_cents;
    const overview = (await call(test, 'GET', '/api/payouts/account', creator.cookie)).json();
    expect(overview).toMatchObject({ transferredCents: held, balances: [{ currency: 'USD', availableCents: held, pendingCents: 0 }], payouts: [] });
    await test.database.pool.query(`UPDATE tasks SET run_at = now() - interval '1 second' WHERE key = 'every:${TEST_ACCOUNT_PAYOUTS_TASK}' AND state = 'queued'`);
    await test.app.zerri.tasks.drain({ names: [TEST_ACCOUNT_PAYOUTS_TASK] });
    const paidOut = (await call(test, 'GET', '/api/payouts/account', creator.cookie)).json();
    expect(paidOut.balances).toEqual([{ currency: 'USD', availableCents: 0, pendingCents: 0 }]);
    expect(paidOut.payouts).toEqual([expect.objectContaining({ amountCents: held, currency: 'USD', status: 'paid' })]);
    // The platform's books are untouched by the provider paying out the account: that money left with the transfer.
    expect(await ledgerBalance(test, creator.id, true)).toBe(net(earlySale!));
  });

  it('transfers a membership’s charge, and asks a creator who must connect first before a member joins', async () => {
    const creator = await createSignedInUser(test, { role: 'creator', name: 'Mo Members' });
    const member = await createSignedInUser(test);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const product = await createProduct(base, creator.cookie, { price: '0' });
    const plan = { trialDays: 0, tiers: [{ versionId: null, monthlyCents: 1200, yearlyCents: null }] };
    expect((await call(test, 'PUT', `/api/memberships/plans/${product.id}`, creator.cookie, plan)).statusCode).toBe(200);
    const join = () => call(test, 'POST', '/api/memberships', member.cookie, { productId: product.id, interval: 'month', card: CARD });

    expect((await call(test, 'PUT', '/api/admin/settings', admin.cookie, { unconnectedSellers: 'connect_first' })).statusCode).toBe(200);
    try {
      const refused = await join();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'creator_not_connected', params: { creator: 'Mo Members' } });
      expect((await call(test, 'POST', '/api/payouts/account', creator.cookie)).statusCode).toBe(200);
      expect((await call(test, 'POST', '/api/payouts/account/test-onboarding', creator.cookie)).statusCode).toBe(200);
      const joined = await join();
      expect(joined.statusCode, joined.body).toBe(201);
    } finally {
      await call(test, 'PUT', '/api/admin/settings', admin.cookie, { unconnectedSellers: 'held' });
    }
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const { rows } = await test.database.pool.query(`SELECT amount_cents, fee_cents FROM sales WHERE creator_id = $1`, [creator.id]);
    const [charge] = rows as { amount_cents: number; fee_cents: number }[];
    expect(charge!.amount_cents).toBe(1200);
    expect((await transfersOf(test, creator.id)).map((transfer) => transfer.amount_cents)).toEqual([net(charge!)]);
    expect(await ledgerBalance(test, creator.id, true)).toBe(0);
  });

  it('transfers an affiliate’s commission to their own payout account, and a refund takes its part back', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const affiliate = await createSignedInUser(test, { role: 'creator' });
    for (const user of [creator, affiliate]) {
      expect((await call(test, 'POST', '/api/payouts/account', user.cookie)).statusCode).toBe(200);
      expect((await call(test, 'POST', '/api/payouts/account/test-onboarding', user.cookie)).statusCode).toBe(200);
    }
    const product = await createProduct(base, creator.cookie, { price: '30.00' });
    // Open to affiliates at 30 %; the affiliate's link clicked, the checkout that follows credits them.
    const opened = await call(test, 'PUT', `/api/affiliates/products/${product.id}`, creator.cookie, { commissionPercent: 30 });
    expect(opened.statusCode, opened.body).toBe(200);
    const joined = await call(test, 'POST', `/api/affiliates/products/${product.id}/join`, affiliate.cookie);
    const code = (joined.json() as { link: { code: string } }).link.code;
    const clicked = await fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    const cookie = clicked.headers.get('set-cookie')!.split(';')[0]!;
    const started = await request(test.app, { method: 'POST', url: '/api/checkout', headers: { cookie }, payload: { email: uniqueEmail('via-affiliate'), productIds: [product.id] } });
    const { orderId } = started.json() as { orderId: string };
    expect((await request(test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card: CARD } })).statusCode).toBe(200);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const { rows } = await test.database.pool.query(`SELECT id, amount_cents, fee_cents, commission_cents, affiliate_id FROM sales WHERE order_id = $1`, [orderId]);
    const sale = rows[0] as { id: string; amount_cents: number; fee_cents: number; commission_cents: number; affiliate_id: string };
    expect(sale.affiliate_id).toBe(affiliate.id);
    const commission = sale.commission_cents;
    expect(commission).toBeGreaterThan(0);
    expect((await transfersOf(test, affiliate.id))[0]).toMatchObject({ order_id: orderId, amount_cents: commission });
    expect((await transfersOf(test, creator.id))[0]).toMatchObject({ order_id: orderId, amount_cents: net(sale) - commission });
    const refund = await call(test, 'POST', `/api/sales/${sale.id}/refund`, creator.cookie, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await transfersOf(test, affiliate.id))[0]!.reversed_cents).toBe(commission);
    expect((await transfersOf(test, creator.id))[0]!.reversed_cents).toBe(net(sale) - commission);
    expect(await ledgerBalance(test, affiliate.id, true)).toBe(0);
    expect(await ledgerBalance(test, creator.id, true)).toBe(0);
  });
});

describe('Stripe Connect on a local Stripe', () => {
  let stripe: FakeStripe;
  let test: TestApp;
  let base: string;
  beforeAll(async () => {
    stripe = await startFakeStripe({ apiKey: 'sk_test_connect', webhookSecret: 'whsec_connect' });
    test = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_connect', STRIPE_WEBHOOK_SECRET: 'whsec_connect', STRIPE_API_BASE: stripe.url });
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${base}/api/payments/stripe/webhook`);
  });
  afterAll(async () => {
    await test.close();
    await stripe.close();
  });

  /** A creator who went through Stripe's onboarding page (`outcome` pending: Stripe still verifies). */
  async function connectedCreator(outcome: 'verified' | 'pending' = 'verified') {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const link = await call(test, 'POST', '/api/payouts/account', creator.cookie);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url.startsWith(`${stripe.url}/connect/onboarding/`)).toBe(true);
    const created = stripe.requests.find((entry) => entry.path === '/v1/accounts' && entry.method === 'POST' && entry.body.includes(creator.id))!;
    expect(Object.fromEntries(new URLSearchParams(created.body))).toMatchObject({ type: 'express', 'capabilities[transfers][requested]': 'true', 'metadata[user_id]': creator.id });
    const linkRequest = stripe.requests.findLast((entry) => entry.path === '/v1/account_links')!;
    expect(Object.fromEntries(new URLSearchParams(linkRequest.body))).toMatchObject({
      type: 'account_onboarding',
      return_url: 'http://zerri.test/dashboard/payouts?connect=return',
      refresh_url: 'http://zerri.test/dashboard/payouts?connect=refresh',
    });
    expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().account).toMatchObject({ provider: 'stripe', status: 'details_needed', testMode: false });
    // Stripe's page: the details given, Stripe sends account.updated and the browser back.
    const account = await stripe.completeOnboarding(url, { outcome });
    return { ...creator, account };
  }

  it('follows the account from details needed through verification to payouts enabled by account.updated', async () => {
    const creator = await connectedCreator('pending');
    expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().account.status).toBe('pending_verification');
    await stripe.updateAccount(creator.account.id, { verification: 'verified' });
    expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().account.status).toBe('payouts_enabled');
    // Stripe asks for more: the refresh (the creator back from its page) reads it at once.
    await stripe.updateAccount(creator.account.id, { payouts_enabled: false, currently_due: ['individual.verification.document'] });
    const refreshed = await call(test, 'POST', '/api/payouts/account/refresh', creator.cookie);
    expect(refreshed.json().account).toMatchObject({ status: 'pending_verification', requirements: ['individual.verification.document'] });
    // The test provider's page is not Stripe's.
    expect((await call(test, 'POST', '/api/payouts/account/test-onboarding', creator.cookie)).json().error.code).toBe('payout_account_not_test');
  });

  it('transfers a sale’s net from its charge, reverses a partial refund in proportion, and shows Stripe’s balance and payouts', async () => {
    const creator = await connectedCreator();
    const product = await createProduct(base, creator.cookie, { price: '40.00' });
    const started = await checkout(test, { email: uniqueEmail('connect-buyer'), productIds: [product.id] });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json() as { orderId: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    await stripe.complete(session.id);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const [sale] = await salesOf(test, orderId);
    const transfer = [...stripe.transfers.values()].find((candidate) => candidate.transfer_group === orderId)!;
    expect(transfer).toMatchObject({ amount: net(sale!), currency: 'usd', destination: creator.account.id, metadata: { order_id: orderId, user_id: creator.id } });
    // From the buyer's charge itself, so it never waits on the platform's balance.
    expect(transfer.source_transaction).toMatch(/^ch_/);
    expect((await transfersOf(test, creator.id))[0]).toMatchObject({ transfer_ref: transfer.id, amount_cents: net(sale!) });
    expect(await ledgerBalance(test, creator.id, false)).toBe(0);

    const refunded = await call(test, 'POST', `/api/sales/${sale!.id}/refund`, creator.cookie, { amountCents: 1000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const fee = sale!.fee_cents;
    const creatorPart = 1000 - (fee - Math.round((fee * 3000) / 4000));
    expect(stripe.transfers.get(transfer.id)!.amount_reversed).toBe(creatorPart);
    expect(stripe.transfers.get(transfer.id)!.reversals.data[0]).toMatchObject({ amount: creatorPart });
    expect((await transfersOf(test, creator.id))[0]!.reversed_cents).toBe(creatorPart);
    expect(await ledgerBalance(test, creator.id, false)).toBe(0);

    const overview = (await call(test, 'GET', '/api/payouts/account', creator.cookie)).json();
    expect(overview.transferredCents).toBe(net(sale!) - creatorPart);
    expect(overview.balances).toEqual([{ currency: 'USD', availableCents: net(sale!) - creatorPart, pendingCents: 0 }]);
    expect(overview.payouts).toEqual([]);
    // Stripe pays the account out on its schedule and says so: the creator's open pages hear of it.
    const events: { type: string }[] = [];
    const stop = test.app.zerri.realtime.subscribe([userChannel(creator.id)], (event) => events.push(event));
    await stripe.payout(creator.account.id);
    await expect.poll(() => events.filter((event) => event.type === 'payouts.changed').length).toBeGreaterThan(0);
    stop();
    const paid = (await call(test, 'GET', '/api/payouts/account', creator.cookie)).json();
    expect(paid.payouts).toEqual([expect.objectContaining({ amountCents: net(sale!) - creatorPart, currency: 'USD', status: 'paid' })]);
    expect(paid.balances).toEqual([{ currency: 'USD', availableCents: 0, pendingCents: 0 }]);
  });

  it('books a chargeback like a refund, reverses the transfer, and gives it back when the dispute is won', async () => {
    const creator = await connectedCreator();
    const product = await createProduct(base, creator.cookie, { price: '25.00' });
    const started = await checkout(test, { email: uniqueEmail('disputer'), productIds: [product.id] });
    const { orderId } = started.json() as { orderId: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === orderId)!;
    await stripe.complete(session.id);
    await test.app.zerri.tasks.drain({ names: [TRANSFER_TASK] });
    const [sale] = await salesOf(test, orderId);
    const transfer = [...stripe.transfers.values()].find((candidate) => candidate.transfer_group === orderId)!;
    const paymentIntent = stripe.sessions.get(session.id)!.payment_intent!;
    const dispute = { id: `dp_${orderId.slice(-12)}`, object: 'dispute', amount: 2500, currency: 'usd', payment_intent: paymentIntent, reason: 'fraudulent', status: 'needs_response' };
    const send = async (type: string, object: object) => {
      const body = JSON.stringify({ id: `evt_${type.replaceAll('.', '_')}_${orderId.slice(-8)}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
      const response = await fetch(`${base}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload('whsec_connect', body) }, body });
      return (await response.json()) as { handled: boolean };
    };

    expect(await send('charge.dispute.created', dispute)).toEqual({ received: true, handled: true });
    // Sent again (Stripe retries), it is booked once.
    expect(await send('charge.dispute.created', dispute)).toEqual({ received: true, handled: true });
    const [disputed] = await salesOf(test, orderId);
    expect(disputed).toMatchObject({ status: 'refunded', refunded_cents: 2500 });
    expect(stripe.transfers.get(transfer.id)!.amount_reversed).toBe(net(sale!));
    expect(await ledgerBalance(test, creator.id, false)).toBe(0);

    expect(await send('charge.dispute.closed', { ...dispute, status: 'won' })).toEqual({ received: true, handled: true });
    const { rows } = await test.database.pool.query(`SELECT status FROM disputes WHERE provider_ref = $1`, [dispute.id]);
    expect(rows).toEqual([{ status: 'won' }]);
    // The money came back to the platform: the creator's share is theirs again, held here.
    expect(await ledgerBalance(test, creator.id, false)).toBe(net(sale!));
    expect((await call(test, 'GET', '/api/payouts', creator.cookie)).json().balanceCents).toBe(net(sale!));
    // A dispute of a payment that is not ours is not handled.
    expect(await send('charge.dispute.created', { ...dispute, id: 'dp_stranger', payment_intent: 'pi_stranger' })).toEqual({ received: true, handled: false });
  });

  it('asks creators to connect before their first sale when the operator chose so, and holds their money otherwise', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator', name: 'Nia Unlinked' });
    const product = await createProduct(base, creator.cookie, { price: '9.00' });
    const set = await call(test, 'PUT', '/api/admin/settings', admin.cookie, { unconnectedSellers: 'connect_first' });
    expect(set.json()).toEqual({ requireAdminTwoFactor: false, unconnectedSellers: 'connect_first' });
    // A creator cannot change it.
    expect((await call(test, 'PUT', '/api/admin/settings', creator.cookie, { unconnectedSellers: 'held' })).statusCode).toBe(403);
    try {
      const refused = await checkout(test, { email: uniqueEmail('refused'), productIds: [product.id] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'creator_not_connected', message: 'Nia Unlinked cannot take payments yet: they have not connected a payout account.' });
      expect((await call(test, 'GET', '/api/payouts/account', creator.cookie)).json().unconnectedSellers).toBe('connect_first');
    } finally {
      await call(test, 'PUT', '/api/admin/settings', admin.cookie, { unconnectedSellers: 'held' });
    }
    const held = await checkout(test, { email: uniqueEmail('held'), productIds: [product.id] });
    expect(held.statusCode, held.body).toBe(201);
  });
});

// The fake Stripe's Connect (e2e/fake-providers/stripe.mjs, decision 035), driven through the official
// `stripe` SDK as the app drives it: Express accounts and their onboarding links, transfers and their
// reversals, a connected account's balance and payouts (Stripe-Account), and the Connect webhooks
// (account.updated, payout.*) signed like Stripe's. No app and no database: the fake on its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../e2e/fake-providers/stripe.mjs';

const API_KEY = 'sk_test_connect';
const WEBHOOK_SECRET = 'whsec_connect';
let fake: FakeStripe;
let stripe: Stripe;
let receiver: http.Server;
/** Every webhook the receiver got, checked with the SDK's constructEvent as the app checks them. */
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      received.push(stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), WEBHOOK_SECRET));
      res.writeHead(200).end('{"received":true}');
    } catch (error) {
      res.writeHead(400).end(String(error));
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook` });
  stripe = new Stripe(API_KEY, { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const RETURN_URL = 'https://zerri.test/settings/payouts?connected=1';
const REFRESH_URL = 'https://zerri.test/settings/payouts?refresh=1';

async function newAccount(email: string, country = 'FR') {
  return stripe.accounts.create({ type: 'express', email, country, capabilities: { transfers: { requested: true } }, metadata: { userId: email } });
}

async function onboardingLink(account: string) {
  return stripe.accountLinks.create({ account, refresh_url: REFRESH_URL, return_url: RETURN_URL, type: 'account_onboarding' });
}

/** The creator's browser on the onboarding page, submitting at once (?auto=1). */
async function visit(url: string, query = '?auto=1') {
  return fetch(`${url}${query}`, { redirect: 'manual' });
}

/** A paid payment-mode Checkout Session's charge (what a transfer's source_transaction names). */
async function paidCharge(amount: number, currency = 'eur') {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    success_url: 'https://zerri.test/thanks',
    line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: 'A product' } } }],
  });
  await fake.complete(session.id);
  const paymentIntent = fake.sessions.get(session.id)!.payment_intent!;
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  return { intent, charge: String(intent.latest_charge) };
}

const eventsOf = (type: string, account: string) => received.filter((event) => event.type === type && event.account === account);

describe('fake Stripe Connect', () => {
  it('makes Express accounts, once per Idempotency-Key, and answers 404 for an unknown one', async () => {
    const params = { type: 'express' as const, email: 'ada@zerri.test', country: 'FR', capabilities: { transfers: { requested: true } }, metadata: { userId: 'u-ada' } };
    const account = await stripe.accounts.create(params, { idempotencyKey: 'connect-u-ada' });
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      email: 'ada@zerri.test',
      country: 'FR',
      default_currency: 'eur',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      metadata: { userId: 'u-ada' },
      requirements: { disabled_reason: 'requirements.past_due' },
    });
    expect(account.id).toMatch(/^acct_\w+$/);
    expect(account.requirements!.currently_due).toEqual(expect.arrayContaining(['external_account', 'individual.first_name']));
    expect((await stripe.accounts.create(params, { idempotencyKey: 'connect-u-ada' })).id).toBe(account.id);
    expect((await stripe.accounts.create({ ...params, email: 'other@zerri.test' })).id).not.toBe(account.id);
    expect((await stripe.accounts.create({ type: 'express', email: 'us@zerri.test' })).default_currency).toBe('usd');
    expect((await stripe.accounts.create({ type: 'express', country: 'GB' })).default_currency).toBe('gbp');

    expect((await stripe.accounts.retrieve(account.id)).email).toBe('ada@zerri.test');
    await expect(stripe.accounts.retrieve('acct_unknown0000000')).rejects.toMatchObject({ statusCode: 404, type: 'StripeInvalidRequestError', message: "No such account: 'acct_unknown0000000'" });
  });

  it('onboards through an account link: its page, then details submitted, payouts enabled and account.updated delivered', async () => {
    const account = await newAccount('bea@zerri.test');
    const link = await onboardingLink(account.id);
    expect(link).toMatchObject({ object: 'account_link' });
    expect(link.url.startsWith(`${fake.url}/connect/onboarding/`)).toBe(true);
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>');
    expect(html).toMatch(/<label for="outcome">Outcome<\/label>/);
    expect(html).toContain('Submit details');

    const done = await visit(link.url);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(RETURN_URL);
    // A link serves once: a second visit is sent to refresh_url for a new one.
    expect((await visit(link.url)).headers.get('location')).toBe(REFRESH_URL);

    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect(onboarded.requirements).toMatchObject({ currently_due: [], past_due: [], disabled_reason: null });

    const [updated] = eventsOf('account.updated', account.id);
    expect(updated).toBeDefined();
    expect((updated!.data.object as Stripe.Account).payouts_enabled).toBe(true);
  });

  it('submits the page’s form (POST) and 303s to return_url', async () => {
    const account = await newAccount('cyd@zerri.test');
    const link = await onboardingLink(account.id);
    const posted = await fetch(link.url, { method: 'POST', body: new URLSearchParams({ outcome: 'verified' }), redirect: 'manual' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(RETURN_URL);
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true);
  });

  it('transfers to an onboarded account from a charge, reverses part of it, refuses more than is left', async () => {
    const pending = await newAccount('dan@zerri.test');
    const account = await newAccount('eve@zerri.test');
    await visit((await onboardingLink(account.id)).url);
    const { intent, charge } = await paidCharge(1_000);
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 1_000, currency: 'eur' });
    expect(charge).toMatch(/^ch_\w+$/);

    await expect(stripe.transfers.create({ amount: 100, currency: 'eur', destination: 'acct_nobody000000000' })).rejects.toMatchObject({ statusCode: 400, message: "No such destination: 'acct_nobody000000000'" });
    await expect(stripe.transfers.create({ amount: 100, currency: 'eur', destination: pending.id })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('needs to have at least one of the following capabilities enabled: transfers'),
    });
    await expect(stripe.transfers.create({ amount: 1_001, currency: 'eur', destination: account.id, source_transaction: charge })).rejects.toMatchObject({ statusCode: 400 });

    const params = { amount: 800, currency: 'eur', destination: account.id, transfer_group: 'order_1', source_transaction: charge, metadata: { saleId: 's1' } };
    const transfer = await stripe.transfers.create(params, { idempotencyKey: 'transfer-s1' });
    expect(transfer).toMatchObject({
      object: 'transfer',
      amount: 800,
      amount_reversed: 0,
      currency: 'eur',
      destination: account.id,
      transfer_group: 'order_1',
      source_transaction: charge,
      metadata: { saleId: 's1' },
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, total_count: 0 },
    });
    expect(transfer.id).toMatch(/^tr_\w+$/);
    expect(transfer.destination_payment).toMatch(/^py_\w+$/);
    expect((await stripe.transfers.create(params, { idempotencyKey: 'transfer-s1' })).id).toBe(transfer.id);
    expect(fake.transfers.size).toBeGreaterThanOrEqual(1);
    expect(fake.transfers.get(transfer.id)?.amount).toBe(800);
    expect((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available).toEqual([expect.objectContaining({ amount: 800, currency: 'eur' })]);

    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 300, metadata: { refundId: 'r1' } }, { idempotencyKey: 'reversal-r1' });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 300, currency: 'eur', transfer: transfer.id, metadata: { refundId: 'r1' } });
    expect(reversal.id).toMatch(/^trr_\w+$/);
    expect((await stripe.transfers.createReversal(transfer.id, { amount: 300 }, { idempotencyKey: 'reversal-r1' })).id).toBe(reversal.id);
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 600 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('greater than') });

    const after = await stripe.transfers.retrieve(transfer.id);
    expect(after).toMatchObject({ amount_reversed: 300, reversed: false, reversals: { total_count: 1 } });
    expect(after.reversals.data.map((entry) => entry.id)).toEqual([reversal.id]);
    const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance).toMatchObject({ object: 'balance', livemode: false });
    expect(balance.available).toEqual([expect.objectContaining({ amount: 500, currency: 'eur' })]);
    expect(balance.pending).toEqual([expect.objectContaining({ amount: 0, currency: 'eur' })]);
    // The platform's: the charge, less what stayed transferred.
    expect((await stripe.balance.retrieve()).available).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'eur' })]));

    // The rest by default: fully reversed.
    expect((await stripe.transfers.createReversal(transfer.id)).amount).toBe(500);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 800, reversed: true });
  });

  it('pays out a connected balance (test control) and lists the payouts with Stripe-Account, delivering payout.paid', async () => {
    const account = await newAccount('fay@zerri.test');
    await visit((await onboardingLink(account.id)).url);
    const { charge } = await paidCharge(2_000);
    await stripe.transfers.create({ amount: 1_500, currency: 'eur', destination: account.id, source_transaction: charge });

    const control = await fetch(`${fake.url}/_test/accounts/${account.id}/payout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(control.status).toBe(200);
    const list = await stripe.payouts.list({}, { stripeAccount: account.id });
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/payouts' });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ object: 'payout', amount: 1_500, currency: 'eur', status: 'paid', method: 'standard', type: 'bank_account' });
    expect(list.data[0]!.id).toMatch(/^po_\w+$/);
    expect((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available).toEqual([expect.objectContaining({ amount: 0, currency: 'eur' })]);
    const [paid] = eventsOf('payout.paid', account.id);
    expect((paid!.data.object as Stripe.Payout).id).toBe(list.data[0]!.id);

    // Another account's payouts are its own; an unknown Stripe-Account is refused.
    expect((await stripe.payouts.list({}, { stripeAccount: (await newAccount('gus@zerri.test')).id })).data).toEqual([]);
    await expect(stripe.payouts.list({}, { stripeAccount: 'acct_nobody000000000' })).rejects.toMatchObject({ statusCode: 403 });

    // A failed payout gives its amount back to the balance; newest first.
    await stripe.transfers.create({ amount: 200, currency: 'eur', destination: account.id, source_transaction: charge });
    const [failed] = await fake.payout(account.id, { status: 'failed' });
    expect(failed).toMatchObject({ status: 'failed', amount: 200, failure_code: 'account_closed' });
    expect(eventsOf('payout.failed', account.id)).toHaveLength(1);
    expect((await stripe.payouts.list({}, { stripeAccount: account.id })).data.map((payout) => payout.id)).toEqual([failed!.id, list.data[0]!.id]);
    expect((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0]!.amount).toBe(200);
  });

  it('keeps an account in verification: onboarding leaves payouts off until a control enables them', async () => {
    const account = await newAccount('hal@zerri.test', 'US');
    const control = (body: object) => fetch(`${fake.url}/_test/accounts/${account.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await control({ verification: 'pending' })).status).toBe(200);
    expect((await visit((await onboardingLink(account.id)).url)).status).toBe(303);

    const inVerification = await stripe.accounts.retrieve(account.id);
    expect(inVerification).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: false, capabilities: { transfers: 'active' } });
    expect(inVerification.requirements!.pending_verification!.length).toBeGreaterThan(0);
    const { charge } = await paidCharge(500, 'usd');
    await stripe.transfers.create({ amount: 500, currency: 'usd', destination: account.id, source_transaction: charge });
    expect((await fetch(`${fake.url}/_test/accounts/${account.id}/payout`, { method: 'POST' })).status).toBe(400);

    const updatesBefore = eventsOf('account.updated', account.id).length;
    const enabled = await control({ payouts_enabled: true });
    expect(await enabled.json()).toMatchObject({ payouts_enabled: true, requirements: { pending_verification: [] } });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true });
    expect(eventsOf('account.updated', account.id).length).toBe(updatesBefore + 1);

    // The JS helpers mirror the controls.
    expect((await fake.updateAccount(account.id, { charges_enabled: false, currently_due: ['individual.id_number'] })).requirements).toMatchObject({ currently_due: ['individual.id_number'], disabled_reason: 'requirements.past_due' });
    await expect(stripe.transfers.create({ amount: 1, currency: 'usd', destination: account.id })).rejects.toMatchObject({ statusCode: 400 });
    expect(await fake.completeOnboarding(account.id)).toMatchObject({ charges_enabled: true, capabilities: { transfers: 'active' } });
    const [pendingPayout] = await fake.payout(account.id, { status: 'pending' });
    expect(pendingPayout).toMatchObject({ status: 'pending', amount: 500, currency: 'usd' });
    expect(await fake.settlePayout(pendingPayout!.id, 'paid')).toMatchObject({ status: 'paid' });
    expect(eventsOf('payout.paid', account.id)).toHaveLength(1);
    expect(fake.balance(account.id).available).toEqual([expect.objectContaining({ amount: 0, currency: 'usd' })]);
  });
});

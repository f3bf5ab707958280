// The memberships' and plans' life cycles of memberships.test.ts and plan-subscriptions.test.ts, run
// against the fake Stripe (e2e/fake-providers/stripe.mjs) instead of the test provider (decision 027):
// Checkout in subscription mode, renewals paid and declined through the fake's test controls, Billing
// webhooks signed like Stripe's, replayed and out of order. The app's clock and the fake's are the same
// MovableClock, so the grace period (ours) and Stripe's periods line up.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Membership } from '#shared/memberships-api.ts';
import type { MyPlan, PlanInvoice } from '#shared/plans-api.ts';
import { planPriceCents, PLANS } from '#shared/plans.ts';
import { platformFeeCents } from '#shared/sales.ts';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../../../../e2e/fake-providers/stripe.mjs';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSignedInUser, createTestApp, mailSent, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';
import { runMembershipCycle } from '../memberships/service.ts';
import { runPlanCycle } from '../plans/billing.ts';
import { createProduct } from '../orders/test-helpers.ts';

const clock = new MovableClock();
let stripe: FakeStripe;
let test: TestApp;
let base: string;
const DAY_MS = 24 * 3600 * 1000;
const FREE_FEE_BPS = PLANS.find((plan) => plan.id === 'free')!.platformFeeBps;
const DECLINES_LATER = '4000 0000 0000 0341';

beforeAll(async () => {
  stripe = await startFakeStripe({ apiKey: 'sk_test_billing', webhookSecret: 'whsec_billing', now: () => clock.now().getTime() });
  test = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_billing', STRIPE_WEBHOOK_SECRET: 'whsec_billing', STRIPE_API_BASE: stripe.url }, { clock });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${base}/api/payments/stripe/webhook`);
});
afterAll(async () => {
  await test.close();
  await stripe.close();
});

type Person = Awaited<ReturnType<typeof createSignedInUser>>;
/** The client's address: tests of their own take one of their own, so the joins' limit per address is theirs. */
let clientAddress: string | undefined;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) => request(test.app, { method, url, payload, cookie, remoteAddress: clientAddress });
const ctx = () => test.app.zerri as AppContext;

/** One of the fake's HTTP test controls. */
async function control(path: string, body: object = {}) {
  const response = await fetch(`${stripe.url}/_test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Goes through Stripe's hosted page with a card, as the browser does after following `checkoutUrl`. */
async function throughCheckout(checkoutUrl: string, card = '4242 4242 4242 4242') {
  const page = await fetch(`${checkoutUrl}?card=${encodeURIComponent(card)}`, { redirect: 'manual' });
  expect(page.status).toBe(303);
  return page.headers.get('location');
}

async function membershipProduct(plan: { trialDays: number; monthlyCents?: number; yearlyCents?: number | null }) {
  const creator = await createSignedInUser(test, { role: 'creator' });
  const product = await createProduct(base, creator.cookie, { name: `Club ${randomBytes(3).toString('hex')}`, price: '0' });
  const saved = await call(
    'PUT',
    `/api/memberships/plans/${product.id}`,
    { trialDays: plan.trialDays, tiers: [{ versionId: null, monthlyCents: plan.monthlyCents ?? 1000, yearlyCents: plan.yearlyCents ?? null }] },
    creator.cookie,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { creator, product };
}

async function startJoin(person: Person, productId: string, extra: { versionId?: string; interval?: 'month' | 'year' } = {}) {
  const response = await call('POST', '/api/memberships', { productId, interval: 'month', ...extra }, person.cookie);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json() as { membership: null; checkoutUrl: string };
  expect(answer.membership).toBeNull();
  return answer.checkoutUrl;
}

/** The Checkout session's id, the last part of its page's URL. */
const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').at(-1)!;

const confirm = (person: Person, checkout: string) => call('POST', '/api/memberships/confirm', { checkout }, person.cookie);

async function memberships(person: Person) {
  return ((await call('GET', '/api/memberships', undefined, person.cookie)).json() as { items: Membership[] }).items;
}

/** Joins on Stripe's page; the membership its webhooks made. */
async function join(person: Person, productId: string, card?: string, extra: { versionId?: string; interval?: 'month' | 'year' } = {}) {
  const checkoutUrl = await startJoin(person, productId, extra);
  const location = await throughCheckout(checkoutUrl, card);
  expect(location).toBe(`${TEST_ORIGIN}/library?membership=joined&checkout=${sessionOf(checkoutUrl)}`);
  const found = (await memberships(person)).find((item) => item.productId === productId);
  expect(found).toBeDefined();
  return found!;
}

const stripeRef = async (id: string) => (await test.database.pool.query(`SELECT provider_ref FROM subscriptions WHERE id = $1`, [id])).rows[0].provider_ref as string;

async function salesOfSubscription(id: string) {
  const { rows } = await test.database.pool.query(
    `SELECT s.amount_cents, s.fee_cents, s.creator_id FROM sales s JOIN orders o ON o.id = s.order_id WHERE o.subscription_id = $1 ORDER BY s.created_at, s.amount_cents`,
    [id],
  );
  return rows as { amount_cents: number; fee_cents: number; creator_id: string }[];
}

async function mailsTo(email: string) {
  await mailSent(test.database);
  const { rows } = await test.database.pool.query(`SELECT subject FROM dev_mailbox WHERE "to" = $1 ORDER BY id`, [email]);
  return (rows as { subject: string }[]).map((row) => row.subject);
}

/** Waits until `count` transactions wait for a lock on `table` (a test holding it makes them meet there). */
async function waitForLockWaiters(table: string, count: number) {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = $1 AND NOT l.granted`, [table]);
    if ((rows[0] as { waiting: number }).waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} transactions never waited for ${table}`);
}

/** The events Stripe makes while `step` runs, held undelivered (to be delivered later, in any order). */
async function holdingEvents(step: () => Promise<unknown>) {
  stripe.hold(true);
  const firstEvent = stripe.events.length;
  try {
    await step();
  } finally {
    stripe.hold(false);
  }
  return stripe.events.slice(firstEvent);
}

/** Every webhook the fake delivered was taken (2xx). */
const allDelivered = () => expect(stripe.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
const eventsOf = (ref: string, type: string) =>
  stripe.events.filter((event: FakeStripeEvent) => event.type === type && ((event.data.object as { subscription?: string; id?: string }).subscription ?? event.data.object.id) === ref);

describe('one free trial per card with Stripe (issue #42)', () => {
  beforeEach(() => {
    clientAddress = '10.0.0.42';
  });
  afterEach(() => {
    clientAddress = undefined;
  });

  it('gives one free trial per card: another account and address paying with the same card is charged at once, another card has its trial (issue #42)', async () => {
    const { product } = await membershipProduct({ trialDays: 7, monthlyCents: 900 });
    const [first, second, third] = [await createSignedInUser(test), await createSignedInUser(test), await createSignedInUser(test)];
    const card = '5555 5555 5555 4444';
    const trials = async () =>
      (await test.database.pool.query(`SELECT user_id, email, card_fingerprint FROM membership_trials WHERE product_id = $1 ORDER BY started_at, user_id`, [product.id])).rows as {
        user_id: string;
        email: string;
        card_fingerprint: string | null;
      }[];
    const firstJoined = await join(first, product.id, card);
    expect(firstJoined.status).toBe('trialing');
    const [firstTrial] = await trials();
    expect(firstTrial).toMatchObject({ user_id: first.id, email: first.email.toLowerCase() });
    expect(firstTrial!.card_fingerprint).toMatch(/^\w+$/);

    // Another account and address: the app cannot know the card before Stripe's page, so the Checkout has
    // the trial; on the member's return (its webhooks held), the card's trial is found and ended at Stripe.
    const checkoutUrl = await startJoin(second, product.id);
    const held = await holdingEvents(() => throughCheckout(checkoutUrl, card));
    const confirmed = await confirm(second, sessionOf(checkoutUrl));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { membership } = confirmed.json() as { membership: Membership };
    expect(membership).toMatchObject({ productId: product.id, status: 'active' });
    const ref = await stripeRef(membership.id);
    expect(stripe.subscriptions.get(ref)).toMatchObject({ status: 'active' });
    expect(stripe.requests.filter((sent) => sent.method === 'POST' && sent.path === `/v1/subscriptions/${ref}`).map((sent) => new URLSearchParams(sent.body).get('trial_end'))).toEqual(['now']);
    // The held events come late and change nothing: charged once, one membership, no trial recorded.
    for (const event of held) await control(`events/${event.id}/deliver`);
    expect((await salesOfSubscription(membership.id)).map((sale) => sale.amount_cents)).toEqual([900]);
    expect(await memberships(second)).toMatchObject([{ id: membership.id, status: 'active' }]);
    expect(await trials()).toHaveLength(1);

    // A different card: its own trial, recorded with its own fingerprint.
    const thirdJoined = await join(third, product.id, '4242 4242 4242 4242');
    expect(thirdJoined.status).toBe('trialing');
    expect(await salesOfSubscription(thirdJoined.id)).toEqual([]);
    const recorded = await trials();
    expect(recorded.map((trial) => trial.user_id).sort()).toEqual([first.id, third.id].sort());
    expect(new Set(recorded.map((trial) => trial.card_fingerprint)).size).toBe(2);
    allDelivered();
  });

  it('ends the trial at once from the webhook too, when the same card comes back on the same product', async () => {
    const { product } = await membershipProduct({ trialDays: 7, monthlyCents: 700 });
    const [first, second] = [await createSignedInUser(test), await createSignedInUser(test)];
    const card = '3782 822463 10005';
    expect((await join(first, product.id, card)).status).toBe('trialing');
    const joined = await join(second, product.id, card);
    expect(joined.status).toBe('active');
    const ref = await stripeRef(joined.id);
    expect(eventsOf(ref, 'invoice.paid')).toHaveLength(2); // the trial's invoice of 0, then the first period's
    expect((await salesOfSubscription(joined.id)).map((sale) => sale.amount_cents)).toEqual([700]);
    expect((await memberships(second)).map((item) => item.status)).toEqual(['active']);
    allDelivered();
  });

  it('charges nothing for a second checkout with a trial of a member who has the membership (two tabs): it is canceled', async () => {
    const { product } = await membershipProduct({ trialDays: 7, monthlyCents: 600 });
    const member = await createSignedInUser(test);
    const first = await startJoin(member, product.id);
    clock.advanceDays(1); // a later try: a new session, with the trial too
    const later = await startJoin(member, product.id);
    expect(later).not.toBe(first);
    await throughCheckout(first);
    await throughCheckout(later);
    const items = await memberships(member);
    expect(items.map((item) => item.status)).toEqual(['trialing']);
    const kept = await stripeRef(items[0]!.id);
    const extra = [...stripe.subscriptions.values()].filter((sub) => sub.metadata.user_id === member.id && sub.id !== kept);
    expect(extra.map((sub) => [sub.status, sub.trial_end === null])).toEqual([['canceled', false]]);
    const paths = new Set([kept, extra[0]!.id].map((ref) => `/v1/subscriptions/${ref}`));
    expect(stripe.requests.filter((sent) => sent.method === 'POST' && paths.has(sent.path) && new URLSearchParams(sent.body).get('trial_end') === 'now')).toEqual([]);
    expect(await salesOfSubscription(items[0]!.id)).toEqual([]);
    allDelivered();
  });
});

describe('memberships through Stripe Billing', () => {
  it('gives no second free trial: joining again after a trial is a Checkout without one, charged at once (issue #42)', async () => {
    const { product } = await membershipProduct({ trialDays: 7, monthlyCents: 900 });
    const member = await createSignedInUser(test);
    const first = await join(member, product.id);
    expect(first.status).toBe('trialing');
    // The trial was canceled and is over (its end is the test provider's and memberships.test's business).
    await test.database.pool.query(`UPDATE subscriptions SET status = 'canceled' WHERE id = $1`, [first.id]);
    expect((await call('GET', `/api/memberships/plans/${product.id}`, undefined, member.cookie)).json()).toMatchObject({ trialDays: 7, trialUsed: true });
    const asked = stripe.requests.length;
    const checkoutUrl = await startJoin(member, product.id);
    const created = stripe.requests.slice(asked).find((sent) => sent.method === 'POST' && sent.path === '/v1/checkout/sessions')!;
    expect(new URLSearchParams(created.body).get('subscription_data[trial_period_days]')).toBeNull();
    await throughCheckout(checkoutUrl);
    const mine = await memberships(member);
    const again = mine.find((item) => item.id !== first.id && item.productId === product.id)!;
    expect(mine).toHaveLength(2);
    expect(again.status).toBe('active');
    expect((await salesOfSubscription(again.id)).map((sale) => sale.amount_cents)).toEqual([900]);
  });

  it('goes from a trial to a first charge, a renewal, a failed renewal, its grace period and the end', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 7, monthlyCents: 1200 });
    const member = await createSignedInUser(test);
    const joined = await join(member, product.id);
    expect(joined).toMatchObject({ status: 'trialing', priceCents: 1200, cancelAtPeriodEnd: false });
    expect(new Date(joined.currentPeriodEnd).getTime() - new Date(joined.createdAt).getTime()).toBe(7 * DAY_MS);
    expect(await salesOfSubscription(joined.id)).toEqual([]); // the trial's invoice is of 0
    const ref = await stripeRef(joined.id);
    expect(stripe.subscriptions.get(ref)).toMatchObject({ status: 'trialing', metadata: { subject: 'membership', product_id: product.id } });
    expect((await call('GET', `/api/memberships/${joined.id}/download`, undefined, member.cookie)).statusCode).toBe(200);

    // The trial ends on Stripe's clock: the first period is charged, a sale with the plan's fee.
    clock.advanceDays(7);
    await control(`subscriptions/${ref}/renew`, { outcome: 'paid' });
    const first = (await memberships(member))[0]!;
    expect(first.status).toBe('active');
    expect(first.currentPeriodEnd > joined.currentPeriodEnd).toBe(true);
    expect(await salesOfSubscription(joined.id)).toEqual([{ amount_cents: 1200, fee_cents: platformFeeCents(1200, FREE_FEE_BPS), creator_id: creator.id }]);
    // Our own renewal task leaves Stripe's subscriptions to Stripe.
    clock.advanceDays(40);
    await runMembershipCycle(ctx());
    expect((await memberships(member))[0]!.status).toBe('active');

    await control(`subscriptions/${ref}/renew`, { outcome: 'paid' });
    const renewed = (await memberships(member))[0]!;
    expect(renewed.currentPeriodEnd > first.currentPeriodEnd).toBe(true);
    expect(await salesOfSubscription(joined.id)).toHaveLength(2);

    // The next renewal is declined: past due, the grace period from the period's end, a mail.
    clock.advanceDays(31);
    await control(`subscriptions/${ref}/renew`, { outcome: 'failed' });
    const pastDue = (await memberships(member))[0]!;
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.currentPeriodEnd).toBe(renewed.currentPeriodEnd);
    expect(new Date(pastDue.graceEndsAt!).getTime() - new Date(pastDue.currentPeriodEnd).getTime()).toBe(7 * DAY_MS);
    expect(await salesOfSubscription(joined.id)).toHaveLength(2);
    expect((await mailsTo(member.email)).filter((subject) => subject.includes('payment failed'))).toHaveLength(1);
    expect((await call('GET', `/api/memberships/${joined.id}/download`, undefined, member.cookie)).statusCode).toBe(200);

    // The grace period is over: access ends here, and Stripe is told to stop (its deleted event changes nothing more).
    clock.advanceDays(8);
    await runMembershipCycle(ctx());
    expect((await memberships(member))[0]).toMatchObject({ status: 'ended', nextChargeAt: null });
    expect(stripe.subscriptions.get(ref)!.status).toBe('canceled');
    expect(eventsOf(ref, 'customer.subscription.deleted')).toHaveLength(1);
    expect((await mailsTo(member.email)).filter((subject) => subject.includes('has ended'))).toHaveLength(1);
    expect((await call('GET', `/api/memberships/${joined.id}/download`, undefined, member.cookie)).statusCode).toBe(403);
    allDelivered();
  });

  it('takes a past-due member’s new card on Stripe’s page; back in the library the failed renewal is paid with it, once', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 0, monthlyCents: 1300 });
    const member = await createSignedInUser(test);
    const joined = await join(member, product.id, DECLINES_LATER);
    const ref = await stripeRef(joined.id);
    clock.advanceDays(31);
    await control(`subscriptions/${ref}/renew`);
    expect((await memberships(member))[0]).toMatchObject({ status: 'past_due' });
    expect((await call('POST', `/api/memberships/${joined.id}/card`, {}, (await createSignedInUser(test)).cookie)).statusCode).toBe(404);

    const asked = await call('POST', `/api/memberships/${joined.id}/card`, {}, member.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    const { checkoutUrl } = asked.json() as { checkoutUrl: string };
    let confirmed: Awaited<ReturnType<typeof confirm>> | undefined;
    const held = await holdingEvents(async () => {
      expect(await throughCheckout(checkoutUrl)).toBe(`${TEST_ORIGIN}/library?checkout=${sessionOf(checkoutUrl)}`);
      confirmed = await confirm(member, sessionOf(checkoutUrl));
    });
    expect(confirmed!.statusCode, confirmed!.body).toBe(200);
    expect(confirmed!.json()).toMatchObject({ membership: { id: joined.id, status: 'active', graceEndsAt: null } });
    const renewalSales = async () => (await salesOfSubscription(joined.id)).map((sale) => [sale.amount_cents, sale.creator_id]);
    expect(await renewalSales()).toEqual([
      [1300, creator.id],
      [1300, creator.id],
    ]);
    for (const event of held) expect(await stripe.deliver(event)).toMatchObject({ status: 200 });
    expect(await renewalSales()).toHaveLength(2);
    expect(stripe.subscriptions.get(ref)!.status).toBe('active');
  });

  it('refuses a card the page declines and makes no membership', async () => {
    const { product } = await membershipProduct({ trialDays: 0 });
    const member = await createSignedInUser(test);
    const url = await startJoin(member, product.id);
    expect((await fetch(`${url}?card=4000000000000002`, { redirect: 'manual' })).status).toBe(402);
    expect(await memberships(member)).toEqual([]);
  });

  it('cancels at the period’s end and resumes through Stripe’s subscription update; the end is Stripe’s', async () => {
    const { product } = await membershipProduct({ trialDays: 0, monthlyCents: 1500, yearlyCents: 12000 });
    const member = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    const joined = await join(member, product.id, undefined, { interval: 'year' });
    expect(joined).toMatchObject({ status: 'active', interval: 'year', priceCents: 12000 });
    expect((await salesOfSubscription(joined.id)).map((sale) => sale.amount_cents)).toEqual([12000]);
    const ref = await stripeRef(joined.id);
    // Already a member: no second checkout.
    expect((await call('POST', '/api/memberships', { productId: product.id, interval: 'month' }, member.cookie)).statusCode).toBe(409);

    expect((await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, other.cookie)).statusCode).toBe(404);
    const canceled = (await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie)).json().membership as Membership;
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextChargeAt: null });
    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBe(true);
    expect((await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie)).statusCode).toBe(409);
    const resumed = (await call('POST', `/api/memberships/${joined.id}/resume`, undefined, member.cookie)).json().membership as Membership;
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, nextChargeAt: joined.currentPeriodEnd });
    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBe(false);

    await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie);
    clock.advanceDays(366);
    await control(`subscriptions/${ref}/renew`);
    expect((await memberships(member))[0]!.status).toBe('canceled');
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);
    expect((await call('POST', `/api/memberships/${joined.id}/resume`, undefined, member.cookie)).statusCode).toBe(409);
    allDelivered();
  });

  it('changes tier with Stripe’s proration: the difference invoiced now is a sale, a cheaper tier’s credit comes off the next invoice', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { name: `Tiers ${randomBytes(3).toString('hex')}`, price: '0' });
    const versions: { id: string; name: string }[] = [];
    for (const name of ['Basic', 'Pro']) {
      const form = new FormData();
      form.append('name', name);
      form.append('price', '0');
      form.append('file', new Blob([new Uint8Array(randomBytes(256))]), `${name}.zip`);
      const response = await fetch(`${base}/api/products/${product.id}/versions`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
      expect(response.status).toBe(201);
      versions.push(((await response.json()) as { versions: { id: string; name: string }[] }).versions.find((version) => version.name === name)!);
    }
    const basic = versions[0]!;
    const pro = versions[1]!;
    const tiers = [
      { versionId: basic.id, monthlyCents: 1000, yearlyCents: null },
      { versionId: pro.id, monthlyCents: 3000, yearlyCents: null },
    ];
    expect((await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers }, creator.cookie)).statusCode).toBe(200);
    const member = await createSignedInUser(test);
    const joined = await join(member, product.id, undefined, { versionId: basic.id });
    expect(joined).toMatchObject({ tierName: 'Basic', priceCents: 1000 });
    const ref = await stripeRef(joined.id);

    clock.advanceDays(10);
    const upgraded = (await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: pro.id }, member.cookie)).json().membership as Membership;
    expect(upgraded).toMatchObject({ tierName: 'Pro', priceCents: 3000 });
    const proration = [...stripe.invoices.values()].find((invoice) => invoice.subscription === ref && invoice.billing_reason === 'subscription_update')!;
    expect(proration.amount_paid).toBeGreaterThan(0);
    expect((await salesOfSubscription(joined.id)).map((sale) => sale.amount_cents)).toEqual([1000, proration.amount_paid]);
    expect(stripe.subscriptions.get(ref)!.items.data[0]!.price.unit_amount).toBe(3000);

    clock.advanceDays(5);
    const downgraded = (await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: basic.id }, member.cookie)).json().membership as Membership;
    expect(downgraded).toMatchObject({ tierName: 'Basic', priceCents: 1000 });
    expect(await salesOfSubscription(joined.id)).toHaveLength(2);
    const credit = stripe.customers.get(stripe.subscriptions.get(ref)!.customer)!.balance;
    expect(credit).toBeLessThan(0);

    clock.advanceDays(16);
    const { invoice } = await control(`subscriptions/${ref}/renew`);
    expect(invoice.amount_paid).toBe(Math.max(0, 1000 + credit));
    const sales = await salesOfSubscription(joined.id);
    expect(sales.length).toBe(invoice.amount_paid > 0 ? 3 : 2);
    allDelivered();
  });

  it('refuses a dearer tier the card declines, changing nothing here or at Stripe', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie, { name: `Tiers ${randomBytes(3).toString('hex')}`, price: '0' });
    const ids: string[] = [];
    for (const name of ['Low', 'High']) {
      const form = new FormData();
      form.append('name', name);
      form.append('price', '0');
      form.append('file', new Blob([new Uint8Array(randomBytes(64))]), `${name}.zip`);
      const response = await fetch(`${base}/api/products/${product.id}/versions`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
      ids.push(((await response.json()) as { versions: { id: string; name: string }[] }).versions.find((version) => version.name === name)!.id);
    }
    const tiers = ids.map((versionId, index) => ({ versionId, monthlyCents: 1000 * (index + 1), yearlyCents: null }));
    expect((await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers }, creator.cookie)).statusCode).toBe(200);
    const member = await createSignedInUser(test);
    const joined = await join(member, product.id, DECLINES_LATER, { versionId: ids[0] });
    clock.advanceDays(3);
    const refused = await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: ids[1] }, member.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('card_declined');
    expect((await memberships(member))[0]).toMatchObject({ tierName: 'Low', priceCents: 1000 });
    expect(stripe.subscriptions.get(await stripeRef(joined.id))!.items.data[0]!.price.unit_amount).toBe(1000);
  });
});

describe('Billing webhooks replayed and out of order', () => {
  it('make one membership and book each invoice once, whatever the order and however often they come', async () => {
    const { product } = await membershipProduct({ trialDays: 0, monthlyCents: 700 });
    const member = await createSignedInUser(test);
    const url = await startJoin(member, product.id);
    // Stripe may send the invoice before the session's completion; nothing is delivered until we say.
    await control('hold', { hold: true });
    const firstEvent = stripe.events.length;
    await throughCheckout(url);
    const held = stripe.events.slice(firstEvent);
    expect(held.map((event) => event.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    await control('hold', { hold: false });
    const paidFirst = await control(`events/${held[1]!.id}/deliver`);
    expect(paidFirst).toMatchObject({ status: 200 });
    await control(`events/${held[0]!.id}/deliver`);
    const [joined] = await memberships(member);
    expect(joined).toMatchObject({ status: 'active', priceCents: 700 });
    expect(await salesOfSubscription(joined!.id)).toHaveLength(1);

    // Replays (the same event ids) and a second event about the same invoice book nothing more.
    for (const event of held) await stripe.replay(event.id);
    await stripe.deliver({ ...held[1]!, id: `evt_${randomBytes(12).toString('hex')}` });
    expect(await memberships(member)).toHaveLength(1);
    expect(await salesOfSubscription(joined!.id)).toHaveLength(1);

    // A renewal declined, then paid on a retry; the failure's event arrives after the payment's.
    const ref = await stripeRef(joined!.id);
    clock.advanceDays(31);
    stripe.hold(true);
    const beforeRenewal = stripe.events.length;
    const { invoice } = await control(`subscriptions/${ref}/renew`, { outcome: 'failed' });
    await control(`invoices/${invoice.id}/pay`);
    stripe.hold(false);
    const renewal = stripe.events.slice(beforeRenewal);
    const failed = renewal.find((event) => event.type === 'invoice.payment_failed')!;
    for (const event of renewal.filter((candidate) => candidate !== failed)) await stripe.deliver(event);
    await stripe.deliver(failed);
    const after = (await memberships(member))[0]!;
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd > joined!.currentPeriodEnd).toBe(true);
    expect((await salesOfSubscription(joined!.id)).map((sale) => sale.amount_cents)).toEqual([700, 700]);
    expect((await mailsTo(member.email)).filter((subject) => subject.includes('payment failed'))).toEqual([]);

    // An older subscription.updated (set to cancel) delivered after the resume: the flag is Stripe's current one.
    await call('POST', `/api/memberships/${joined!.id}/cancel`, undefined, member.cookie);
    const canceledEvent = eventsOf(ref, 'customer.subscription.updated').at(-1)!;
    await call('POST', `/api/memberships/${joined!.id}/resume`, undefined, member.cookie);
    await stripe.deliver({ ...canceledEvent, id: `evt_${randomBytes(12).toString('hex')}` });
    expect((await memberships(member))[0]!.cancelAtPeriodEnd).toBe(false);
    allDelivered();
  });

  it('makes one membership of two of its events delivered at once, and leaves its subscription running at Stripe', async () => {
    const { product } = await membershipProduct({ trialDays: 0, monthlyCents: 800 });
    const member = await createSignedInUser(test);
    const url = await startJoin(member, product.id);
    const held = await holdingEvents(() => throughCheckout(url));
    // Both handlers find no row and get as far as making it, held there by a lock on the table: whichever
    // makes it when the lock goes, the other waits on that row and must take it as this subscription's.
    const blocker = await test.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE subscriptions IN SHARE MODE');
      const delivered = Promise.all(held.map((event) => control(`events/${event.id}/deliver`)));
      await waitForLockWaiters('subscriptions', held.length);
      await blocker.query('COMMIT');
      expect(await delivered).toEqual(held.map(() => expect.objectContaining({ status: 200 })));
    } finally {
      blocker.release();
    }
    const items = await memberships(member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'active', priceCents: 800 });
    expect(stripe.subscriptions.get(await stripeRef(items[0]!.id))!.status).toBe('active');
    expect(await salesOfSubscription(items[0]!.id)).toHaveLength(1);
  });

  it('records the membership when the member comes back from Checkout, before its webhooks; they then add only the payment', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 0, monthlyCents: 1100 });
    const member = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    const url = await startJoin(member, product.id);
    const checkout = sessionOf(url);
    // Not paid yet: nothing to record. Another user's session, or none of Stripe's, is not found.
    expect((await confirm(member, checkout)).json()).toEqual({ membership: null });
    const held = await holdingEvents(async () => expect(await throughCheckout(url)).toBe(`${TEST_ORIGIN}/library?membership=joined&checkout=${checkout}`));
    expect((await confirm(stranger, checkout)).statusCode).toBe(404);
    expect((await confirm(member, 'cs_test_unknown')).statusCode).toBe(404);
    expect((await confirm(member, 'not-a-session')).statusCode).toBe(400);
    expect(await memberships(stranger)).toEqual([]);
    expect(await memberships(member)).toEqual([]);

    const confirmed = await confirm(member, checkout);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { membership } = confirmed.json() as { membership: Membership };
    expect(membership).toMatchObject({ productId: product.id, status: 'active', priceCents: 1100 });
    expect((await confirm(member, checkout)).json()).toMatchObject({ membership: { id: membership.id } }); // again: the same
    expect((await memberships(member)).map((item) => item.id)).toEqual([membership.id]);
    expect(await salesOfSubscription(membership.id)).toEqual([]); // the payment is the webhook's to book

    for (const event of held) expect(await control(`events/${event.id}/deliver`)).toMatchObject({ status: 200 });
    expect((await memberships(member)).map((item) => item.id)).toEqual([membership.id]);
    expect(await salesOfSubscription(membership.id)).toEqual([{ amount_cents: 1100, fee_cents: platformFeeCents(1100, FREE_FEE_BPS), creator_id: creator.id }]);
    expect(stripe.subscriptions.get(await stripeRef(membership.id))!.status).toBe('active');
  });

  it('keeps one membership when two checkouts were paid (two tabs): the second subscription is canceled at Stripe', async () => {
    const { product } = await membershipProduct({ trialDays: 0, monthlyCents: 900 });
    const member = await createSignedInUser(test);
    const first = await startJoin(member, product.id);
    const second = await startJoin(member, product.id, { interval: 'month' });
    expect(second).toBe(first); // the same session within the idempotency window
    clock.advanceDays(1); // a later try: a new session
    const later = await startJoin(member, product.id);
    expect(later).not.toBe(first);
    await throughCheckout(first);
    await throughCheckout(later);
    const items = await memberships(member);
    expect(items).toHaveLength(1);
    const kept = await stripeRef(items[0]!.id);
    const extra = [...stripe.subscriptions.values()].filter((sub) => sub.metadata.user_id === member.id && sub.id !== kept);
    expect(extra.map((sub) => sub.status)).toEqual(['canceled']);
    expect(stripe.subscriptions.get(kept)!.status).toBe('active');
    expect(await salesOfSubscription(items[0]!.id)).toHaveLength(1);
    allDelivered();
  });

  it('refuses an event whose signature is not Stripe’s', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'invoice.paid', data: { object: { id: 'in_forged', subscription: 'sub_forged', amount_paid: 100 } } });
    const response = await fetch(`${base}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body });
    expect(response.status).toBe(400);
  });
});

describe('the platform’s plans through Stripe Billing', () => {
  async function myPlan(person: Person) {
    return (await call('GET', '/api/my/plan', undefined, person.cookie)).json() as MyPlan;
  }
  async function invoices(person: Person) {
    return ((await call('GET', '/api/my/plan/invoices', undefined, person.cookie)).json() as { items: PlanInvoice[] }).items;
  }
  async function buyPlan(person: Person, plan: 'pro' | 'business', card?: string) {
    const response = await call('POST', '/api/my/plan/subscription', { plan, period: 'monthly' }, person.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as MyPlan & { checkoutUrl: string };
    expect(answer).toMatchObject({ plan: 'free', subscription: null });
    expect(await throughCheckout(answer.checkoutUrl, card)).toBe(`${TEST_ORIGIN}/dashboard/settings?checkout=${sessionOf(answer.checkoutUrl)}#plan-billing`);
    const sub = (await test.database.pool.query(`SELECT id, provider_ref FROM subscriptions WHERE subscriber_user_id = $1 AND subject = 'plan' ORDER BY created_at DESC`, [person.id])).rows[0];
    return sub.provider_ref as string;
  }

  it('is bought on Stripe’s page, sets the fee of the next sale, upgrades with Stripe’s proration, downgrades at the renewal', async () => {
    const me = await createSignedInUser(test, { role: 'creator' });
    const { product } = await (async () => {
      const product = await createProduct(base, me.cookie, { name: `Club ${randomBytes(3).toString('hex')}`, price: '0' });
      await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers: [{ versionId: null, monthlyCents: 2000, yearlyCents: null }] }, me.cookie);
      return { product };
    })();
    // A sale on Free pays Free's fee.
    const before = await join(await createSignedInUser(test), product.id);
    expect((await salesOfSubscription(before.id))[0]!.fee_cents).toBe(platformFeeCents(2000, FREE_FEE_BPS));

    const ref = await buyPlan(me, 'pro');
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', priceCents: planPriceCents('pro', 'monthly'), status: 'active' } });
    expect((await invoices(me)).map((invoice) => [invoice.kind, invoice.amountCents, invoice.status])).toEqual([['subscription', planPriceCents('pro', 'monthly'), 'paid']]);
    expect((await call('POST', '/api/my/plan/subscription', { plan: 'business', period: 'monthly' }, me.cookie)).statusCode).toBe(409);
    // The next sale pays Pro's fee.
    const after = await join(await createSignedInUser(test), product.id);
    expect((await salesOfSubscription(after.id))[0]!.fee_cents).toBe(platformFeeCents(2000, PLANS.find((plan) => plan.id === 'pro')!.platformFeeBps));

    clock.advanceDays(10);
    const upgraded = await call('POST', '/api/my/plan/change', { plan: 'business' }, me.cookie);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({ plan: 'business', subscription: { plan: 'business', priceCents: planPriceCents('business', 'monthly') } });
    const proration = [...stripe.invoices.values()].find((invoice) => invoice.subscription === ref && invoice.billing_reason === 'subscription_update')!;
    expect((await invoices(me)).find((invoice) => invoice.kind === 'upgrade')).toMatchObject({ plan: 'business', amountCents: proration.amount_paid, status: 'paid' });

    // Down to Pro: Stripe's price changes without proration, the plan at the renewal.
    const down = await call('POST', '/api/my/plan/change', { plan: 'pro' }, me.cookie);
    expect(down.json()).toMatchObject({ plan: 'business', subscription: { scheduledPlan: 'pro' } });
    expect(stripe.subscriptions.get(ref)!.items.data[0]!.price.unit_amount).toBe(planPriceCents('pro', 'monthly'));
    clock.advanceDays(21);
    await control(`subscriptions/${ref}/renew`);
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', scheduledPlan: null, status: 'active' } });
    expect((await invoices(me)).filter((invoice) => invoice.kind === 'renewal').map((invoice) => [invoice.plan, invoice.amountCents])).toEqual([['pro', planPriceCents('pro', 'monthly')]]);

    // Replaying every event of this subscription adds no invoice and changes no plan.
    const count = (await invoices(me)).length;
    for (const event of stripe.events.filter((candidate) => JSON.stringify(candidate.data.object).includes(ref))) await stripe.replay(event.id);
    expect(await invoices(me)).toHaveLength(count);
    expect((await myPlan(me)).plan).toBe('pro');
    allDelivered();
  });

  it('is recorded when its buyer comes back from Checkout, before its webhooks; they then add only the invoice', async () => {
    const me = await createSignedInUser(test, { role: 'creator' });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const started = await call('POST', '/api/my/plan/subscription', { plan: 'pro', period: 'monthly' }, me.cookie);
    const checkout = sessionOf((started.json() as { checkoutUrl: string }).checkoutUrl);
    const confirmPlan = (person: Person, id = checkout) => call('POST', '/api/my/plan/confirm', { checkout: id }, person.cookie);
    expect((await confirmPlan(me)).json()).toMatchObject({ plan: 'free', subscription: null }); // not paid yet
    const held = await holdingEvents(() => throughCheckout((started.json() as { checkoutUrl: string }).checkoutUrl));
    expect((await confirmPlan(stranger)).statusCode).toBe(404);
    expect(await myPlan(stranger)).toMatchObject({ plan: 'free', subscription: null });
    // A membership's confirmation does not take a plan's checkout.
    expect((await confirm(me, checkout)).statusCode).toBe(404);
    expect(await myPlan(me)).toMatchObject({ plan: 'free', subscription: null });

    const confirmed = await confirmPlan(me);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', status: 'active' } });
    expect(await invoices(me)).toEqual([]); // the invoice is the webhook's to book
    for (const event of held) await stripe.deliver(event);
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', status: 'active' } });
    expect((await invoices(me)).map((invoice) => [invoice.kind, invoice.amountCents])).toEqual([['subscription', planPriceCents('pro', 'monthly')]]);
    const refs = (await test.database.pool.query(`SELECT provider_ref FROM subscriptions WHERE subscriber_user_id = $1`, [me.id])).rows;
    expect(refs).toHaveLength(1);
    expect(stripe.subscriptions.get(refs[0].provider_ref)!.status).toBe('active');
    allDelivered();
  });

  it('takes a new card on Stripe’s page after a declined renewal: its return or its webhook pays the failed invoice with it, once', async () => {
    const me = await createSignedInUser(test, { role: 'creator' });
    const stranger = await createSignedInUser(test, { role: 'creator' });
    const ref = await buyPlan(me, 'pro', DECLINES_LATER);
    clock.advanceDays(31);
    await control(`subscriptions/${ref}/renew`);
    expect(await myPlan(me)).toMatchObject({ subscription: { status: 'past_due' } });
    const confirmPlan = (person: Person, checkout: string) => call('POST', '/api/my/plan/confirm', { checkout }, person.cookie);
    /** Stripe's page for a new card; the Settings address it sends the browser back to. */
    const newCard = async (card: string) => {
      const asked = await call('POST', '/api/my/plan/card', {}, me.cookie);
      expect(asked.statusCode, asked.body).toBe(200);
      const { checkoutUrl } = asked.json() as { checkoutUrl: string };
      expect(await throughCheckout(checkoutUrl, card)).toBe(`${TEST_ORIGIN}/dashboard/settings?checkout=${sessionOf(checkoutUrl)}#plan-billing`);
      return sessionOf(checkoutUrl);
    };
    const renewals = async () => (await invoices(me)).filter((invoice) => invoice.kind === 'renewal').map((invoice) => invoice.status);

    // A card that declines too: its webhook's payment is refused, and so is the return's.
    const declined = await newCard(DECLINES_LATER);
    expect((await confirmPlan(stranger, declined)).statusCode).toBe(404);
    expect((await confirm(me, declined)).statusCode).toBe(404); // not a membership's
    expect((await confirmPlan(me, declined)).statusCode).toBe(402);
    expect(await myPlan(me)).toMatchObject({ subscription: { status: 'past_due' } });
    expect(await renewals()).toEqual(['failed']);

    // A good one, back on Settings before any webhook: the failed renewal is paid and booked then.
    clock.advanceDays(1); // a new page (the last one is done)
    let confirmed: Awaited<ReturnType<typeof confirmPlan>> | undefined;
    const held = await holdingEvents(async () => (confirmed = await confirmPlan(me, await newCard('4242 4242 4242 4242'))));
    expect(confirmed!.statusCode, confirmed!.body).toBe(200);
    expect(confirmed!.json()).toMatchObject({ plan: 'pro', subscription: { status: 'active', graceEndsAt: null } });
    expect(await renewals()).toEqual(['paid']);
    expect(held.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated']);
    for (const event of held) expect(await stripe.deliver(event)).toMatchObject({ status: 200 });
    expect(await renewals()).toEqual(['paid']);

    // The next renewal declined once more; a new card given and no return: its webhook pays.
    clock.advanceDays(31);
    await control(`subscriptions/${ref}/renew`, { outcome: 'failed' });
    expect(await myPlan(me)).toMatchObject({ subscription: { status: 'past_due' } });
    await newCard('4242 4242 4242 4242');
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
    expect(await renewals()).toEqual(['paid', 'paid']);
    expect(stripe.subscriptions.get(ref)!.status).toBe('active');
    allDelivered();
  });

  it('is active again when Stripe’s retry of a declined renewal goes through: the failed invoice is paid, once', async () => {
    const me = await createSignedInUser(test, { role: 'creator' });
    const ref = await buyPlan(me, 'pro', DECLINES_LATER);
    clock.advanceDays(31);
    const { invoice } = await control(`subscriptions/${ref}/renew`);
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { status: 'past_due' } });
    await control(`invoices/${invoice.id}/pay`);
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { status: 'active', graceEndsAt: null } });
    expect((await invoices(me)).map((item) => [item.kind, item.status]).sort()).toEqual([
      ['renewal', 'paid'],
      ['subscription', 'paid'],
    ]);
    // Its grace would have been over by now: nothing ends.
    clock.advanceDays(8);
    await runPlanCycle(ctx());
    expect((await myPlan(me)).plan).toBe('pro');
    allDelivered();
  });

  it('falls back to Free after a declined renewal’s grace period, and cancels and resumes at Stripe', async () => {
    const me = await createSignedInUser(test, { role: 'creator' });
    const ref = await buyPlan(me, 'business', DECLINES_LATER);
    expect((await call('POST', '/api/my/plan/cancel', undefined, me.cookie)).json()).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBe(true);
    expect((await call('POST', '/api/my/plan/resume', undefined, me.cookie)).json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBe(false);

    clock.advanceDays(31);
    await control(`subscriptions/${ref}/renew`);
    expect(await myPlan(me)).toMatchObject({ plan: 'business', subscription: { status: 'past_due' } });
    expect((await invoices(me)).find((invoice) => invoice.status === 'failed')).toMatchObject({ kind: 'renewal', plan: 'business' });
    clock.advanceDays(8);
    await runPlanCycle(ctx());
    expect(await myPlan(me)).toMatchObject({ plan: 'free', subscription: null });
    expect(stripe.subscriptions.get(ref)!.status).toBe('canceled');
    allDelivered();
  });
});

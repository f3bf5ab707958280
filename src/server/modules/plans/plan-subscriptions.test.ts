// The account's own plan bought by subscription through the test provider (decision 025), with the
// app's clock moved forward by the tests and the plans' life-cycle task run by hand: the purchase and
// the fee of the next sale, renewals charged once, the yearly price, upgrade (prorated), downgrade and
// cancel at the period's end, resume, a failed renewal's grace period and the fall back to Free, and
// who may do it.
import { describe, expect, it } from 'vitest';
import { prorationCents } from '#shared/memberships.ts';
import type { MyPlan, PlanInvoice } from '#shared/plans-api.ts';
import { PLAN_MESSAGES, planById, planPriceCents, PLANS } from '#shared/plans.ts';
import { platformFeeCents } from '#shared/sales.ts';
import { ACCOUNT_HEADER } from '#shared/teams-routes.ts';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSignedInUser, createTestApp, firstLink, latestMailTo, listeningTestApp, mailSent, request } from '../../test/test-app.ts';
import { buy, createProduct, DECLINED_CARD, GOOD_CARD, salesOf } from '../orders/test-helpers.ts';
import { pdfText } from '../../platform/pdf/test-helpers.ts';
import { runPlanCycle } from './billing.ts';

const clock = new MovableClock();
const app = listeningTestApp({ clock });

const DECLINES_LATER_CARD = { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' };
const DAY_MS = 24 * 60 * 60 * 1000;

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string, headers?: Record<string, string>) =>
  request(app.test.app, { method, url, payload, cookie, headers });

const creator = () => createSignedInUser(app.test, { role: 'creator' });

/** Moves the clock and runs the plans' life-cycle task, as its timer would. */
async function passDays(days: number) {
  clock.advanceDays(days);
  return runPlanCycle(app.test.app.zerri as AppContext);
}

async function subscribe(person: Person, plan: 'pro' | 'business', period: 'monthly' | 'yearly' = 'monthly', card = GOOD_CARD) {
  const response = await call('POST', '/api/my/plan/subscription', { plan, period, card }, person.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as MyPlan;
}

async function myPlan(person: Person) {
  const response = await call('GET', '/api/my/plan', undefined, person.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as MyPlan;
}

async function invoices(person: Person) {
  const response = await call('GET', '/api/my/plan/invoices', undefined, person.cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: PlanInvoice[] }).items;
}

async function mailsTo(email: string) {
  await mailSent(app.test.database);
  // The plan's mails (the sign-up's confirmation left out).
  const { rows } = await app.test.database.pool.query(`SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND subject LIKE '%plan%' ORDER BY id`, [email]);
  return rows as { subject: string; text: string }[];
}

const days = (from: string, to: string) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS);

/** The fee of a sale of `seller`'s product bought now. */
async function feeOfSale(seller: Person) {
  const product = await createProduct(app.base, seller.cookie, { price: '20' });
  const buyer = await createSignedInUser(app.test);
  const orderId = await buy(app.test, buyer.email, [product.id], buyer.cookie);
  const [sale] = await salesOf(app.test, orderId);
  return sale!.fee_cents;
}

describe('buying a plan', () => {
  it('makes the account Creator Pro at once: the next sale pays Pro’s fee, the charge is an invoice', async () => {
    const me = await creator();
    const freeFee = platformFeeCents(2000, planById('free').platformFeeBps);
    expect(freeFee).toBeGreaterThan(0);
    expect(await feeOfSale(me)).toBe(freeFee);

    const answer = await subscribe(me, 'pro');
    expect(answer.plan).toBe('pro');
    expect(answer.subscription).toMatchObject({
      plan: 'pro',
      period: 'monthly',
      priceCents: 3900,
      currency: 'USD',
      status: 'active',
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      nextChargeCents: 3900,
    });
    expect(answer.subscription!.nextChargeAt).toBe(answer.subscription!.currentPeriodEnd);
    expect(days(answer.subscription!.createdAt, answer.subscription!.currentPeriodEnd)).toBeGreaterThanOrEqual(28);
    expect({ ...(await myPlan(me)), checkoutUrl: null }).toEqual(answer); // with Stripe, checkoutUrl is its page

    expect(await feeOfSale(me)).toBe(platformFeeCents(2000, planById('pro').platformFeeBps));
    expect(await invoices(me)).toEqual([expect.objectContaining({ plan: 'pro', period: 'monthly', kind: 'subscription', amountCents: 3900, currency: 'USD', status: 'paid' })]);
    // The platform is paid: no creator sale or balance for it.
    const { rows } = await app.test.database.pool.query(`SELECT count(*)::int AS n FROM orders WHERE buyer_email = $1`, [me.email]);
    expect(rows[0].n).toBe(0);
  });

  it('charges the yearly price for a year', async () => {
    const me = await creator();
    const answer = await subscribe(me, 'business', 'yearly');
    expect(answer.plan).toBe('business');
    expect(answer.subscription).toMatchObject({ plan: 'business', period: 'yearly', priceCents: planPriceCents('business', 'yearly'), nextChargeCents: 76500 });
    expect(days(answer.subscription!.createdAt, answer.subscription!.currentPeriodEnd)).toBeGreaterThanOrEqual(365);
    expect((await invoices(me)).map((invoice) => invoice.amountCents)).toEqual([76500]);
  });

  it('refuses bad input, a declined card and a second subscription with coded messages', async () => {
    const me = await creator();
    const badPlan = await call('POST', '/api/my/plan/subscription', { plan: 'free', period: 'monthly', card: GOOD_CARD }, me.cookie);
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.body).toContain(PLAN_MESSAGES.planInvalid);
    const badPeriod = await call('POST', '/api/my/plan/subscription', { plan: 'pro', period: 'weekly', card: GOOD_CARD }, me.cookie);
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.body).toContain(PLAN_MESSAGES.periodInvalid);
    const badCard = await call('POST', '/api/my/plan/subscription', { plan: 'pro', period: 'monthly', card: { ...GOOD_CARD, number: '1234' } }, me.cookie);
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().error.code).toBe('card_number_invalid');
    const declined = await call('POST', '/api/my/plan/subscription', { plan: 'pro', period: 'monthly', card: DECLINED_CARD }, me.cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    expect((await myPlan(me)).plan).toBe('free');
    expect(await invoices(me)).toEqual([]);

    // Two purchases at once: one goes through, the other is refused, one charge.
    const racing = await Promise.all(['pro', 'business'].map((plan) => call('POST', '/api/my/plan/subscription', { plan, period: 'monthly', card: GOOD_CARD }, me.cookie)));
    expect(racing.map((response) => response.statusCode).toSorted()).toEqual([201, 409]);
    expect(await invoices(me)).toHaveLength(1);
    const twice = await call('POST', '/api/my/plan/subscription', { plan: 'business', period: 'monthly', card: GOOD_CARD }, me.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'plan_already_subscribed', message: PLAN_MESSAGES.alreadySubscribed });
    const mine = await myPlan(me);
    expect(mine.plan).toBe(mine.subscription!.plan);
    const same = await call('POST', '/api/my/plan/change', { plan: mine.plan }, me.cookie);
    expect(same.json().error.code).toBe('plan_same');
    const badChange = await call('POST', '/api/my/plan/change', { plan: 'gold' }, me.cookie);
    expect(badChange.statusCode).toBe(400);
    expect(badChange.body).toContain(PLAN_MESSAGES.planInvalid);

    const other = await creator();
    for (const url of ['/api/my/plan/cancel', '/api/my/plan/resume']) {
      const none = await call('POST', url, {}, other.cookie);
      expect(none.statusCode).toBe(404);
      expect(none.json().error.code).toBe('plan_subscription_not_found');
    }
    expect((await call('POST', '/api/my/plan/change', { plan: 'business' }, other.cookie)).json().error.code).toBe('plan_subscription_not_found');
  });

  it('is for the signed-in account itself only', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/my/plan/invoices', undefined],
      ['POST', '/api/my/plan/subscription', { plan: 'pro', period: 'monthly', card: GOOD_CARD }],
      ['POST', '/api/my/plan/change', { plan: 'business' }],
      ['POST', '/api/my/plan/cancel', {}],
      ['POST', '/api/my/plan/resume', {}],
    ] as const) {
      expect((await call(method, url, payload)).statusCode, url).toBe(401);
    }

    // A team member works on the owner's store, never on the owner's plan.
    const owner = await creator();
    await subscribe(owner, 'business');
    const member = await creator();
    expect((await call('POST', '/api/teams/invites', { email: member.email }, owner.cookie)).statusCode).toBe(201);
    const token = new URL(firstLink((await latestMailTo(app.test.database, member.email))!.text)).hash.slice(1);
    expect((await call('POST', '/api/teams/invites/accept', { token }, member.cookie)).statusCode).toBe(200);
    const onStore = { [ACCOUNT_HEADER]: owner.id };
    for (const [url, payload] of [
      ['/api/my/plan/change', { plan: 'pro' }],
      ['/api/my/plan/cancel', {}],
      ['/api/my/plan/subscription', { plan: 'pro', period: 'monthly', card: GOOD_CARD }],
    ] as const) {
      const refused = await call('POST', url, payload, member.cookie, onStore);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('team_route_not_allowed');
    }
    expect((await call('GET', '/api/my/plan/invoices', undefined, member.cookie, onStore)).statusCode).toBe(403);
    // Without the header the member acts on their own account, which pays for nothing.
    expect((await call('POST', '/api/my/plan/cancel', {}, member.cookie)).statusCode).toBe(404);
    expect(await invoices(member)).toEqual([]);
    expect((await myPlan(owner)).subscription).toMatchObject({ plan: 'business', cancelAtPeriodEnd: false, scheduledPlan: null });
  });

  it('leaves an admin’s plan setting working for an account without a subscription', async () => {
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const me = await creator();
    const set = await request(app.test.app, { method: 'PUT', url: `/api/admin/users/${me.id}/plan`, cookie: admin.cookie, payload: { plan: 'business' } });
    expect(set.statusCode).toBe(200);
    expect(await myPlan(me)).toMatchObject({ plan: 'business', subscription: null });
  });
});

describe('the plan’s life cycle on the test provider’s clock', () => {
  it('renews once a period, even when the task runs twice', async () => {
    const me = await creator();
    const first = (await subscribe(me, 'pro')).subscription!;
    clock.advanceDays(32);
    // Two instances running the task at the same moment, then a third run: one renewal.
    const ctx = app.test.app.zerri as AppContext;
    await Promise.all([runPlanCycle(ctx), runPlanCycle(ctx)]);
    await runPlanCycle(ctx);
    const renewed = (await myPlan(me)).subscription!;
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd > first.currentPeriodEnd).toBe(true);
    const charged = await invoices(me);
    expect(charged.map((invoice) => [invoice.kind, invoice.amountCents, invoice.status])).toEqual([
      ['renewal', 3900, 'paid'],
      ['subscription', 3900, 'paid'],
    ]);
    expect(charged[0]!.periodStart).toBe(first.currentPeriodEnd);
    expect((await myPlan(me)).plan).toBe('pro');
  });

  it('upgrades Pro → Business now for the prorated difference', async () => {
    const me = await creator();
    const first = (await subscribe(me, 'pro')).subscription!;
    await passDays(10);
    const changed = await call('POST', '/api/my/plan/change', { plan: 'business' }, me.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = changed.json() as MyPlan;
    expect(answer.plan).toBe('business');
    expect(answer.subscription).toMatchObject({ plan: 'business', priceCents: 7500, nextChargeCents: 7500, currentPeriodEnd: first.currentPeriodEnd });
    const [upgrade] = await invoices(me);
    // The difference for the whole days left, as of the charge (the invoice's date).
    const expected = prorationCents({
      fromCents: 3900,
      toCents: 7500,
      periodStart: new Date(first.createdAt),
      periodEnd: new Date(first.currentPeriodEnd),
      now: new Date(upgrade!.createdAt),
    });
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(7500 - 3900);
    expect(upgrade).toMatchObject({ kind: 'upgrade', plan: 'business', amountCents: expected, status: 'paid', periodEnd: first.currentPeriodEnd });
    // Business's seats are there at once.
    expect((await call('GET', '/api/teams', undefined, me.cookie)).json().seats).toBe(PLANS.find((plan) => plan.id === 'business')!.teamUsers);
  });

  it('downgrades Business → Pro at the end of the period; resume undoes a waiting downgrade', async () => {
    const me = await creator();
    const first = (await subscribe(me, 'business')).subscription!;
    const down = (await call('POST', '/api/my/plan/change', { plan: 'pro' }, me.cookie)).json() as MyPlan;
    expect(down.plan).toBe('business');
    expect(down.subscription).toMatchObject({ plan: 'business', scheduledPlan: 'pro', nextChargeAt: first.currentPeriodEnd, nextChargeCents: 3900 });
    const resumed = await call('POST', '/api/my/plan/resume', {}, me.cookie);
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as MyPlan).subscription).toMatchObject({ scheduledPlan: null, nextChargeCents: 7500 });
    expect((await call('POST', '/api/my/plan/resume', {}, me.cookie)).json().error.code).toBe('plan_not_resumable');
    expect((await call('POST', '/api/my/plan/change', { plan: 'pro' }, me.cookie)).statusCode).toBe(200);

    await passDays(20);
    expect((await myPlan(me)).plan).toBe('business');
    await passDays(12);
    const after = await myPlan(me);
    expect(after.plan).toBe('pro');
    expect(after.subscription).toMatchObject({ plan: 'pro', scheduledPlan: null, priceCents: 3900, status: 'active' });
    expect((await invoices(me))[0]).toMatchObject({ kind: 'renewal', plan: 'pro', amountCents: 3900, status: 'paid', periodStart: first.currentPeriodEnd });
  });

  it('cancels to Free at the end of the period, and resumes before it', async () => {
    const me = await creator();
    await subscribe(me, 'pro');
    const canceled = (await call('POST', '/api/my/plan/cancel', {}, me.cookie)).json() as MyPlan;
    expect(canceled.plan).toBe('pro');
    expect(canceled.subscription).toMatchObject({ cancelAtPeriodEnd: true, nextChargeAt: null, nextChargeCents: null });
    expect((await call('POST', '/api/my/plan/cancel', {}, me.cookie)).json().error.code).toBe('plan_not_cancelable');
    expect((await call('POST', '/api/my/plan/resume', {}, me.cookie)).statusCode).toBe(200);
    expect((await myPlan(me)).subscription).toMatchObject({ cancelAtPeriodEnd: false, nextChargeCents: 3900 });

    // Free through change is the same cancel.
    expect((await call('POST', '/api/my/plan/change', { plan: 'free' }, me.cookie)).json().subscription.cancelAtPeriodEnd).toBe(true);
    await passDays(15);
    expect((await myPlan(me)).plan).toBe('pro');
    await passDays(17);
    expect(await myPlan(me)).toMatchObject({ plan: 'free', subscription: null });
    expect((await invoices(me)).map((invoice) => invoice.kind)).toEqual(['subscription']);
    expect(await feeOfSale(me)).toBe(platformFeeCents(2000, planById('free').platformFeeBps));
    // A new subscription can start again.
    expect((await subscribe(me, 'pro')).plan).toBe('pro');
  });

  it('keeps the plan through the grace period of a failed renewal, then falls back to Free', async () => {
    const me = await creator();
    const first = (await subscribe(me, 'business', 'monthly', DECLINES_LATER_CARD)).subscription!;
    // An upgrade is not possible from Business; a renewal is charged to the card, which declines.
    await passDays(32);
    await runPlanCycle(app.test.app.zerri as AppContext);
    const pastDue = await myPlan(me);
    expect(pastDue.plan).toBe('business');
    expect(pastDue.subscription).toMatchObject({ status: 'past_due', nextChargeAt: null });
    expect(days(first.currentPeriodEnd, pastDue.subscription!.graceEndsAt!)).toBe(7);
    expect((await invoices(me)).map((invoice) => [invoice.kind, invoice.status])).toEqual([
      ['renewal', 'failed'],
      ['subscription', 'paid'],
    ]);
    expect((await call('POST', '/api/my/plan/change', { plan: 'pro' }, me.cookie)).json().error.code).toBe('plan_not_changeable');
    const failedMail = await mailsTo(me.email);
    expect(failedMail.map((mail) => mail.subject)).toEqual(['Your Zerri plan payment failed']);
    expect(failedMail[0]!.text).toContain('We could not charge $75.00 for your Business plan.');
    expect(failedMail[0]!.text).toContain('/dashboard/settings#plan-billing');

    await passDays(8);
    expect(await myPlan(me)).toMatchObject({ plan: 'free', subscription: null });
    expect(await invoices(me)).toHaveLength(2);
    expect((await mailsTo(me.email)).map((mail) => mail.subject)).toEqual(['Your Zerri plan payment failed', 'Your Zerri account is back on the Free plan']);
  });

  it('takes a new card for a past-due plan and charges the failed renewal to it at once', async () => {
    const me = await creator();
    const other = await creator();
    const first = (await subscribe(me, 'pro', 'monthly', DECLINES_LATER_CARD)).subscription!;
    await passDays(32);
    expect((await myPlan(me)).subscription).toMatchObject({ status: 'past_due' });
    expect((await call('POST', '/api/my/plan/card', { card: GOOD_CARD })).statusCode).toBe(401);
    expect((await call('POST', '/api/my/plan/card', { card: GOOD_CARD }, other.cookie)).json().error.code).toBe('plan_subscription_not_found');
    // A card that is refused, or one that declines later charges, changes nothing.
    expect((await call('POST', '/api/my/plan/card', { card: DECLINED_CARD }, me.cookie)).statusCode).toBe(402);
    expect((await call('POST', '/api/my/plan/card', { card: DECLINES_LATER_CARD }, me.cookie)).statusCode).toBe(402);
    expect((await myPlan(me)).subscription).toMatchObject({ status: 'past_due' });

    const updated = await call('POST', '/api/my/plan/card', { card: GOOD_CARD }, me.cookie);
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (updated.json() as MyPlan).subscription!;
    expect(after).toMatchObject({ plan: 'pro', status: 'active', graceEndsAt: null });
    expect(days(first.currentPeriodEnd, after.currentPeriodEnd)).toBeGreaterThanOrEqual(28);
    // The failed renewal is now paid: one invoice per period still.
    expect((await invoices(me)).map((invoice) => [invoice.kind, invoice.status, invoice.amountCents])).toEqual([
      ['renewal', 'paid', 3900],
      ['subscription', 'paid', 3900],
    ]);
    // The grace period's end passes: nothing ends; the next renewal is charged to the new card.
    await passDays(8);
    expect((await myPlan(me)).plan).toBe('pro');
    await passDays(25);
    expect((await invoices(me)).filter((invoice) => invoice.status === 'paid')).toHaveLength(3);
  });

  it('refuses an upgrade the kept card declines, leaving the plan as it was', async () => {
    const me = await creator();
    await subscribe(me, 'pro', 'monthly', DECLINES_LATER_CARD);
    const refused = await call('POST', '/api/my/plan/change', { plan: 'business' }, me.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('card_declined');
    expect(await myPlan(me)).toMatchObject({ plan: 'pro', subscription: { plan: 'pro', priceCents: 3900 } });
  });
});

describe('with Stripe as the payment provider', () => {
  it('answers 502 with a coded error when Stripe cannot be reached, and buys nothing', async () => {
    // The Stripe variant of these scenarios is stripe-billing.test.ts (orders); here Stripe is down.
    const stripeApp = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_zerri', STRIPE_WEBHOOK_SECRET: 'whsec_zerri', STRIPE_API_BASE: 'http://127.0.0.1:9' });
    try {
      const me = await createSignedInUser(stripeApp, { role: 'creator' });
      const response = await request(stripeApp.app, { method: 'POST', url: '/api/my/plan/subscription', payload: { plan: 'pro', period: 'monthly' }, cookie: me.cookie });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('payment_provider_unavailable');
      expect((await request(stripeApp.app, { method: 'GET', url: '/api/my/plan', cookie: me.cookie })).json()).toMatchObject({ plan: 'free', subscription: null });
    } finally {
      await stripeApp.close();
    }
  });
});

describe('plan invoices as PDF', () => {
  it('are the account’s own: the platform sells, the account’s seller details are billed; another account 404, a guest 401', async () => {
    const me = await creator();
    await call('POST', '/api/my/plan/subscription', { plan: 'pro', period: 'monthly', card: GOOD_CARD }, me.cookie);
    await request(app.test.app, { method: 'PATCH', url: '/api/profile', payload: { sellerName: 'Studio Żółć 山田', sellerAddress: 'Rue 1\n75001 Paris', sellerTaxId: 'FR12345678901' }, cookie: me.cookie });
    const [invoice] = await invoices(me);
    const url = `/api/my/plan/invoices/${invoice!.id}/pdf`;
    const response = await call('GET', url, undefined, me.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${invoice!.id}.pdf"`);
    const { text } = await pdfText(response.rawPayload);
    for (const shown of ['INVOICE', invoice!.id, 'Zerri', 'Studio Żółć 山田', '75001 Paris', 'Tax ID: FR12345678901', me.email, 'Creator Pro, monthly subscription', '$39.00', 'Paid']) {
      expect(text).toContain(shown);
    }
    const other = await creator();
    expect((await call('GET', url, undefined, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/my/plan/invoices/pin_unknown0000000000000000/pdf', undefined, me.cookie)).json().error.code).toBe('plan_invoice_not_found');
  });
});

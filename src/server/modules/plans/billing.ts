// The account's own plan bought by subscription (decision 025), on the generic subscription core of
// memberships (decision 022): subject 'plan', no creator (the platform is paid), each charge a
// plan_invoices row. The account's plan (users.plan, which fees and limits read) changes at once on a
// purchase or an upgrade; a downgrade or a cancel waits for the period's end, when the recurring task
// `plans.cycle` applies it. A failed renewal keeps the plan through the grace period, then the account
// falls back to Free (the account is mailed at both steps, in the mail's transaction). Every change
// runs on the subscription row locked FOR UPDATE.
import { planPaymentEntries } from '#shared/ledger.ts';
import { postToLedger } from '../ledger/ledger.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PlanInvoice, PlanSubscription, SubscribePlanInput } from '#shared/plans-api.ts';
import { addDays, addInterval, prorationCents } from '#shared/memberships.ts';
import { cardDigits, checkTestCard, declinesLaterCharges } from '#shared/orders.ts';
import type { CardForm } from '#shared/orders-forms.ts';
import { intervalPeriod, isUpgrade, PAID_PLAN_IDS, type PaidPlanId, periodInterval, planById, planPriceCents, PLAN_MESSAGES, type PlanId } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import type { Currency } from '#shared/money.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/memberships.ts';
import { planInvoices } from '../../db/schema/plans.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { publishOnCommit } from '../../platform/realtime.ts';
import { DOMAINS_INTERNAL_CHANNEL } from '#shared/domains.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import type { ProviderSubscription, Subject } from '../payments/contract.ts';
import { atProvider, CardDeclinedError, PaymentProviderError, PaymentsNotSetUpError, PaymentUnavailableError } from '../payments/errors.ts';
import { subscriptionBilling } from '../payments/service.ts';
import { dueSubscriptionIds, graceOverIds, lockSubscription, providerSubscriptionFields, type Subscription } from '../payments/subscriptions.ts';
import { planInvoicePdf } from './invoice-pdf.ts';

const LIVE = ['trialing', 'active', 'past_due'] as const;

export const noSubscription = () => new NotFoundError(PLAN_MESSAGES.noSubscription, 'plan_subscription_not_found');

/** The account's live plan subscription (trialing, active or past due), if any. */
export async function livePlanSubscription(db: Executor, userId: string): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberUserId, userId), eq(subscriptions.subject, 'plan'), inArray(subscriptions.status, [...LIVE])));
  return row;
}

/** The account's live plan subscription locked in `tx`; 404 without one. */
async function lockOwn(tx: Tx, userId: string): Promise<Subscription> {
  const found = await livePlanSubscription(tx, userId);
  const sub = found && (await lockSubscription(tx, found.id));
  if (!sub || sub.subscriberUserId !== userId || sub.subject !== 'plan' || !(LIVE as readonly string[]).includes(sub.status)) throw noSubscription();
  return sub;
}

/**
 * Settings › Plan & Billing, where Stripe's pages send the buyer back: with the session's id to
 * confirm (Stripe fills it in; the page confirms it, confirmSubscriptionCheckout), or without.
 */
const billingPage = (ctx: AppContext, confirm?: 'confirm') =>
  `${ctx.config.PUBLIC_URL}/dashboard/settings${confirm ? '?checkout={CHECKOUT_SESSION_ID}' : ''}#plan-billing`;

/**
 * Sets the account's plan. How many of its custom domains are served follows the plan (decision 021),
 * so every instance reloads its host table once this commits.
 */
export async function setAccountPlan(tx: Tx, userId: string, plan: PlanId) {
  await tx.update(users).set({ plan }).where(eq(users.id, userId));
  await publishOnCommit(tx, DOMAINS_INTERNAL_CHANNEL, 'domains.changed');
}

/** Whether the test card kept with a subscription takes a later charge. */
const cardTakes = (sub: Subscription) => sub.testCard !== null && !declinesLaterCharges(sub.testCard);

/**
 * One charge as a plan_invoices row, once per (subscription, kind, period start): a second one adds
 * nothing, except that a paid one turns the period's failed renewal paid (a retry that went through).
 */
async function addInvoice(
  tx: Tx,
  sub: Subscription,
  values: { plan: PaidPlanId; kind: PlanInvoice['kind']; periodStart: Date; periodEnd: Date; amountCents: number; status: PlanInvoice['status']; at: Date },
) {
  const insert = tx
    .insert(planInvoices)
    .values({
      id: prefixedId('pin', 24),
      userId: sub.subscriberUserId,
      subscriptionId: sub.id,
      plan: values.plan,
      interval: sub.interval,
      kind: values.kind,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      amountCents: values.amountCents,
      currency: sub.currency,
      status: values.status,
      testMode: sub.testMode,
      createdAt: values.at,
    });
  if (values.status !== 'paid') await insert.onConflictDoNothing();
  else {
    const [paid] = await insert
      .onConflictDoUpdate({
        target: [planInvoices.subscriptionId, planInvoices.kind, planInvoices.periodStart],
        set: { status: 'paid', amountCents: values.amountCents, createdAt: values.at },
        setWhere: sql`${planInvoices.status} = 'failed'`,
      })
      .returning();
    // Only a row made or turned paid here comes back: a repeated charge posts nothing.
    if (paid) {
      const posting = { kind: 'plan_payment', currency: paid.currency, testMode: paid.testMode, planInvoiceId: paid.id, at: values.at } as const;
      await postToLedger(tx, posting, planPaymentEntries(paid.amountCents));
    }
  }
}

export function presentPlanSubscription(sub: Subscription): PlanSubscription {
  const live = sub.status === 'trialing' || sub.status === 'active';
  const renews = live && !sub.cancelAtPeriodEnd;
  const nextPlan = sub.scheduledPlan ?? sub.plan!;
  return {
    plan: sub.plan!,
    period: intervalPeriod(sub.interval),
    priceCents: sub.priceCents,
    currency: sub.currency,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPlan: sub.scheduledPlan,
    nextChargeAt: renews ? sub.currentPeriodEnd.toISOString() : null,
    nextChargeCents: renews ? planPriceCents(nextPlan, intervalPeriod(sub.interval)) : null,
    graceEndsAt: sub.status === 'past_due' ? (sub.graceEndsAt?.toISOString() ?? null) : null,
    createdAt: sub.createdAt.toISOString(),
  };
}

/**
 * Buys a plan. With the test provider's card the first period is charged at once and the account's
 * plan changes in the same transaction (fees follow from the next sale); the card is kept for the
 * renewals. With Stripe: a Checkout Session in subscription mode, whose webhooks make the subscription
 * and set the plan (stripe-billing.ts); its URL is answered.
 */
export async function subscribePlan(ctx: AppContext, user: { id: string; email: string }, input: SubscribePlanInput, locale: Language): Promise<{ checkoutUrl: string | null }> {
  const provider = ctx.payments.provider;
  if (!provider) throw new PaymentsNotSetUpError();
  const interval = periodInterval(input.period);
  const priceCents = planPriceCents(input.plan, input.period);
  if (provider.billing) {
    if (await livePlanSubscription(ctx.database.db, user.id)) throw new ConflictError(PLAN_MESSAGES.alreadySubscribed, 'plan_already_subscribed');
    const started = await provider.billing
      .checkout({
        name: `${ctx.config.BRAND_NAME} ${planById(input.plan).name}`,
        amountCents: priceCents,
        currency: 'USD',
        interval,
        trialDays: 0,
        email: user.email,
        metadata: { subject: 'plan', user_id: user.id, plan: input.plan, interval, locale },
        successUrl: billingPage(ctx, 'confirm'),
        cancelUrl: billingPage(ctx),
        idempotencyKey: `plan-${user.id}-${input.plan}-${interval}-${Math.floor(ctx.clock.now().getTime() / 600_000)}`,
      })
      .catch((error: unknown) => {
        if (error instanceof PaymentProviderError) throw new PaymentUnavailableError();
        throw error;
      });
    return { checkoutUrl: started.url };
  }
  const now = ctx.clock.now();
  const check = checkTestCard(input.card ?? { number: '', expiry: '', cvc: '' }, now);
  if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
  if (check.declined) throw new CardDeclinedError();
  await ctx.database.db
    .transaction(async (tx) => {
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          id: prefixedId('sub', 24),
          subject: 'plan',
          plan: input.plan,
          productName: planById(input.plan).name,
          creatorId: null,
          subscriberUserId: user.id,
          subscriberEmail: user.email,
          interval,
          priceCents,
          currency: 'USD',
          status: 'active',
          provider: 'test',
          testMode: true,
          testCard: cardDigits(input.card!.number),
          currentPeriodStart: now,
          currentPeriodEnd: addInterval(now, interval),
          locale,
          createdAt: now,
        })
        .returning();
      await addInvoice(tx, sub!, { plan: input.plan, kind: 'subscription', periodStart: now, periodEnd: sub!.currentPeriodEnd, amountCents: priceCents, status: 'paid', at: now });
      await setAccountPlan(tx, user.id, input.plan);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'subscriptions_plan_live_unique')) throw new ConflictError(PLAN_MESSAGES.alreadySubscribed, 'plan_already_subscribed');
      throw error;
    });
  return { checkoutUrl: null };
}

/**
 * A plan subscription the provider's billing started (Stripe Checkout completed, decision 027): the row
 * from what the checkout carried and the account's plan, in `tx`. Undefined when the metadata names no
 * paid plan or the account has a live plan subscription already.
 */
export async function planFromProvider(tx: Tx, provided: ProviderSubscription, user: { id: string; email: string }) {
  const meta = provided.metadata;
  const plan = PAID_PLAN_IDS.find((id) => id === meta.plan);
  if (!plan) return undefined;
  const [row] = await tx
    .insert(subscriptions)
    .values({
      id: prefixedId('sub', 24),
      subject: 'plan',
      plan,
      productName: planById(plan).name,
      creatorId: null,
      subscriberUserId: user.id,
      subscriberEmail: user.email,
      currency: 'USD',
      ...providerSubscriptionFields(provided),
    })
    .onConflictDoNothing()
    .returning();
  if (row) await setAccountPlan(tx, user.id, plan);
  return row;
}

/** The account's live plan subscription, unlocked, for a check before a provider call; 404 without one. */
async function ownUnlocked(ctx: AppContext, userId: string) {
  const sub = await livePlanSubscription(ctx.database.db, userId);
  if (!sub) throw noSubscription();
  return sub;
}

/**
 * Moves to another plan. A bigger one takes effect now: the difference for the days left of the
 * period is charged to the card (prorationCents, as a membership's tier change; Stripe prorates and
 * invoices it itself). A smaller paid plan waits for the period's end (scheduledPlan; Stripe's price
 * changes without proration, so its next invoice is the smaller plan's); Free is a cancel at the
 * period's end.
 */
export async function changePlan(ctx: AppContext, userId: string, to: PlanId): Promise<void> {
  const now = ctx.clock.now();
  if (to === 'free') return cancelPlan(ctx, userId);
  const before = await ownUnlocked(ctx, userId);
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    if (before.status !== 'active') throw new ConflictError(PLAN_MESSAGES.notChangeable, 'plan_not_changeable');
    const current = before.plan!;
    const pricedAt = before.scheduledPlan ?? current;
    if (to === current && !before.scheduledPlan && !before.cancelAtPeriodEnd) throw new ConflictError(PLAN_MESSAGES.samePlan, 'plan_same');
    const toCents = planPriceCents(to, intervalPeriod(before.interval));
    if (to !== pricedAt) {
      const upgrade = isUpgrade(current, to);
      await atProvider(provider.billing.changePrice(provider.ref, { amountCents: toCents, proration: upgrade ? 'now' : 'none', metadata: upgrade ? { plan: to } : {} }));
    }
    if (before.cancelAtPeriodEnd) await atProvider(provider.billing.setCancelAtPeriodEnd(provider.ref, false));
  }
  await ctx.database.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, userId);
    if (sub.status !== 'active') throw new ConflictError(PLAN_MESSAGES.notChangeable, 'plan_not_changeable');
    const current = sub.plan!;
    if (to === current) {
      // Back to the plan it has: a waiting downgrade or cancel is undone (as resume).
      if (!sub.scheduledPlan && !sub.cancelAtPeriodEnd) {
        if (provider) return;
        throw new ConflictError(PLAN_MESSAGES.samePlan, 'plan_same');
      }
      await tx.update(subscriptions).set({ scheduledPlan: null, cancelAtPeriodEnd: false, canceledAt: null }).where(eq(subscriptions.id, sub.id));
      return;
    }
    if (!isUpgrade(current, to)) {
      await tx.update(subscriptions).set({ scheduledPlan: to, cancelAtPeriodEnd: false, canceledAt: null }).where(eq(subscriptions.id, sub.id));
      return;
    }
    const toCents = planPriceCents(to, intervalPeriod(sub.interval));
    const difference = provider ? 0 : prorationCents({ fromCents: sub.priceCents, toCents, periodStart: sub.currentPeriodStart, periodEnd: sub.currentPeriodEnd, now });
    if (difference > 0 && !cardTakes(sub)) throw new CardDeclinedError();
    const [changed] = await tx
      .update(subscriptions)
      .set({ plan: to, productName: planById(to).name, priceCents: toCents, scheduledPlan: null, cancelAtPeriodEnd: false, canceledAt: null })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    if (difference > 0) await addInvoice(tx, changed!, { plan: to, kind: 'upgrade', periodStart: now, periodEnd: sub.currentPeriodEnd, amountCents: difference, status: 'paid', at: now });
    await setAccountPlan(tx, userId, to);
  });
}

/** Sets or clears the cancel at the period's end (the account's action, or the provider's report); a no-op when already so. */
export async function planCancelAtPeriodEnd(tx: Tx, sub: Subscription, cancel: boolean, at: Date) {
  if (sub.cancelAtPeriodEnd === cancel || sub.status !== 'active') return;
  await tx
    .update(subscriptions)
    .set(cancel ? { cancelAtPeriodEnd: true, canceledAt: at, scheduledPlan: null } : { cancelAtPeriodEnd: false, canceledAt: null })
    .where(eq(subscriptions.id, sub.id));
}

/**
 * A new card for the renewals. The test provider's: a past-due plan's failed renewal is charged to it
 * at once: paid, the plan is active again with the next period, and the failed invoice is paid
 * (planPeriodPaid); a card that declines changes nothing. With Stripe, its page to give the card on
 * (setup mode), whose return or webhook pays the failed renewal with it (confirmSubscriptionCheckout).
 */
export async function updatePlanCard(ctx: AppContext, userId: string, card: CardForm | undefined): Promise<{ checkoutUrl: string | null }> {
  const now = ctx.clock.now();
  const before = await ownUnlocked(ctx, userId);
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    // Stripe's page takes the card (setup mode); back on Settings, or by its webhook, the failed
    // renewal is paid with it (confirmSubscriptionCheckout).
    const started = await atProvider(
      provider.billing.cardCheckout(provider.ref, {
        successUrl: billingPage(ctx, 'confirm'),
        cancelUrl: billingPage(ctx),
        metadata: { subject: 'plan', user_id: userId },
        idempotencyKey: `plan-card-${before.id}-${Math.floor(now.getTime() / 600_000)}`,
      }),
    );
    return { checkoutUrl: started.url };
  }
  const given = card ?? { number: '', expiry: '', cvc: '' };
  const check = checkTestCard(given, now);
  if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
  if (check.declined) throw new CardDeclinedError();
  const testCard = cardDigits(given.number);
  await ctx.database.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, userId);
    if (sub.provider !== 'test') throw new ConflictError(PLAN_MESSAGES.cardUpdateUnavailable, 'plan_card_update_unavailable');
    if (sub.status === 'past_due' && declinesLaterCharges(testCard)) throw new CardDeclinedError();
    const [updated] = await tx.update(subscriptions).set({ testCard }).where(eq(subscriptions.id, sub.id)).returning();
    if (sub.status !== 'past_due') return;
    const periodStart = sub.currentPeriodEnd;
    await planPeriodPaid(tx, updated!, { amountCents: sub.priceCents, periodStart, periodEnd: addInterval(periodStart, sub.interval), kind: 'renewal', at: now });
  });
  return { checkoutUrl: null };
}

/** Cancel: the plan stays to the period's end, then Free. A past-due one ends now (no paid period is left). */
export async function cancelPlan(ctx: AppContext, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const before = await ownUnlocked(ctx, userId);
  const provider = subscriptionBilling(ctx, before);
  if (provider && before.status !== 'past_due') {
    if (before.cancelAtPeriodEnd) throw new ConflictError(PLAN_MESSAGES.notCancelable, 'plan_not_cancelable');
    // A waiting downgrade is dropped with the cancel: Stripe's price goes back with it.
    if (before.scheduledPlan) await atProvider(provider.billing.changePrice(provider.ref, { amountCents: before.priceCents, proration: 'none', metadata: {} }));
    await atProvider(provider.billing.setCancelAtPeriodEnd(provider.ref, true));
  }
  const endedNow = await ctx.database.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, userId);
    if (sub.status === 'past_due') {
      await tx.update(subscriptions).set({ status: 'canceled', canceledAt: now, endedAt: now }).where(eq(subscriptions.id, sub.id));
      await setAccountPlan(tx, userId, 'free');
      return sub;
    }
    if (sub.cancelAtPeriodEnd) {
      if (provider) return undefined; // its webhook applied it already
      throw new ConflictError(PLAN_MESSAGES.notCancelable, 'plan_not_cancelable');
    }
    await planCancelAtPeriodEnd(tx, sub, true, now);
    return undefined;
  });
  if (endedNow?.providerRef && endedNow.provider !== 'test') {
    const billing = ctx.payments.provider?.billing;
    await billing?.cancelNow(endedNow.providerRef).catch((error: unknown) => console.error(`Ending the provider subscription of ${endedNow.id} failed`, error));
  }
}

/** Resume: a plan set to end or to move down goes on as it is, while its period lasts. */
export async function resumePlan(ctx: AppContext, userId: string): Promise<void> {
  const resumable = (sub: Subscription) => sub.status === 'active' && (sub.cancelAtPeriodEnd || sub.scheduledPlan !== null);
  const before = await ownUnlocked(ctx, userId);
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    if (!resumable(before)) throw new ConflictError(PLAN_MESSAGES.notResumable, 'plan_not_resumable');
    if (before.scheduledPlan) await atProvider(provider.billing.changePrice(provider.ref, { amountCents: before.priceCents, proration: 'none', metadata: {} }));
    if (before.cancelAtPeriodEnd) await atProvider(provider.billing.setCancelAtPeriodEnd(provider.ref, false));
  }
  await ctx.database.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, userId);
    if (!resumable(sub)) {
      if (provider) return;
      throw new ConflictError(PLAN_MESSAGES.notResumable, 'plan_not_resumable');
    }
    await tx.update(subscriptions).set({ cancelAtPeriodEnd: false, canceledAt: null, scheduledPlan: null }).where(eq(subscriptions.id, sub.id));
  });
}

export async function listPlanInvoices(ctx: AppContext, userId: string): Promise<{ items: PlanInvoice[] }> {
  const rows = await ctx.database.db.select().from(planInvoices).where(eq(planInvoices.userId, userId)).orderBy(desc(planInvoices.createdAt), desc(planInvoices.periodStart)).limit(200);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      plan: row.plan,
      period: intervalPeriod(row.interval),
      kind: row.kind,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
    })),
  };
}

/** GET /api/my/plan/invoices/:id/pdf: one of the account's own plan invoices as a PDF; another's is not found. */
export async function planInvoicePdfOf(ctx: AppContext, userId: string, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ invoice: planInvoices, email: users.email, name: userProfiles.name, sellerName: userProfiles.sellerName, address: userProfiles.sellerAddress, taxId: userProfiles.sellerTaxId })
    .from(planInvoices)
    .innerJoin(users, eq(users.id, planInvoices.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, planInvoices.userId))
    .where(and(eq(planInvoices.id, id), eq(planInvoices.userId, userId)));
  if (!row) throw new NotFoundError(PLAN_MESSAGES.invoiceNotFound, 'plan_invoice_not_found');
  const pdf = await planInvoicePdf(row.invoice, {
    platform: { name: ctx.config.BRAND_NAME, site: ctx.config.PUBLIC_URL, email: ctx.config.CONTACT_EMAIL_SUPPORT },
    // The account's own seller details (Settings) are the business it bills to, when set.
    customer: { name: row.sellerName || row.name, address: row.address, taxId: row.taxId, email: row.email },
  });
  return { fileName: `${row.invoice.id}.pdf`, pdf };
}

// ---------- the life cycle ----------

const billingUrl = (ctx: AppContext) => `${ctx.config.PUBLIC_URL}/dashboard/settings#plan-billing`;

/** The account's mail that a renewal failed and when the plan falls back to Free. */
function paymentFailedMail(ctx: AppContext, sub: Subscription, plan: PaidPlanId, amountCents: number, graceEndsAt: Date) {
  const texts = mailTexts(sub.locale);
  return {
    to: sub.subscriberEmail,
    subject: texts.plan.paymentFailedSubject(ctx.config.BRAND_NAME),
    text: texts.plan.paymentFailed({
      plan: planById(plan).name,
      amount: texts.format.money(amountCents, sub.currency as Currency),
      date: texts.format.date(graceEndsAt),
      url: billingUrl(ctx),
    }),
  };
}

function endedMail(ctx: AppContext, sub: Subscription) {
  const texts = mailTexts(sub.locale);
  return {
    to: sub.subscriberEmail,
    subject: texts.plan.endedSubject(ctx.config.BRAND_NAME),
    text: texts.plan.ended({ plan: planById(sub.plan ?? 'pro').name, url: billingUrl(ctx) }),
  };
}

/**
 * A period of a plan was paid (the test provider's renewal, or Stripe's paid invoice), `sub` locked in
 * `tx`: a plan_invoices row (unique by subscription, kind and period start, so a replay adds none) and,
 * when the paid period lies beyond the current one, the subscription moves to it with a waiting
 * downgrade applied (the account's plan too); a past-due one is active again. Never moved back.
 */
export async function planPeriodPaid(
  tx: Tx,
  sub: Subscription,
  paid: { amountCents: number; periodStart: Date; periodEnd: Date; kind: PlanInvoice['kind']; at: Date; plan?: PaidPlanId },
) {
  // A late invoice of a subscription that is over is kept, but does not bring it back.
  const moves = (LIVE as readonly string[]).includes(sub.status) && paid.periodEnd > sub.currentPeriodEnd;
  const reopens = sub.status === 'past_due' && paid.periodEnd >= sub.currentPeriodEnd;
  let current = sub;
  if (moves || reopens) {
    const plan = moves ? (sub.scheduledPlan ?? sub.plan!) : sub.plan!;
    const [renewed] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        graceEndsAt: null,
        plan,
        productName: planById(plan).name,
        priceCents: planPriceCents(plan, intervalPeriod(sub.interval)),
        scheduledPlan: null,
        ...(moves ? { currentPeriodStart: paid.periodStart, currentPeriodEnd: paid.periodEnd } : {}),
      })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    current = renewed!;
    if (plan !== sub.plan) await setAccountPlan(tx, sub.subscriberUserId, plan);
  }
  if (paid.amountCents > 0 || paid.kind !== 'upgrade') {
    await addInvoice(tx, current, { plan: paid.plan ?? current.plan!, kind: paid.kind, periodStart: paid.periodStart, periodEnd: paid.periodEnd, amountCents: paid.amountCents, status: 'paid', at: paid.at });
  }
  return moves;
}

/**
 * A renewal of a plan was declined (the test card, or Stripe's failed invoice): a waiting downgrade
 * is applied, the subscription is past due for the grace period (the plan stays meanwhile), a failed
 * invoice is kept and the account mailed. Only a live, not yet past-due one changes.
 */
export async function planPaymentFailed(ctx: AppContext, tx: Tx, sub: Subscription, at: Date) {
  if ((sub.status !== 'trialing' && sub.status !== 'active') || !sub.plan) return;
  const plan = sub.scheduledPlan ?? sub.plan;
  const priceCents = planPriceCents(plan, intervalPeriod(sub.interval));
  const periodStart = sub.currentPeriodEnd;
  const periodEnd = addInterval(periodStart, sub.interval);
  if (plan !== sub.plan) await setAccountPlan(tx, sub.subscriberUserId, plan);
  const graceEndsAt = addDays(sub.currentPeriodEnd, ctx.config.MEMBERSHIP_GRACE_DAYS);
  const [pastDue] = await tx
    .update(subscriptions)
    .set({ status: 'past_due', graceEndsAt, plan, productName: planById(plan).name, priceCents, scheduledPlan: null })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await addInvoice(tx, pastDue!, { plan, kind: 'renewal', periodStart, periodEnd, amountCents: priceCents, status: 'failed', at });
  await ctx.mailer.send(paymentFailedMail(ctx, sub, plan, priceCents, graceEndsAt), tx);
}

/**
 * The plan subscription is over (set to end and its period ended, or the provider ended it): the
 * account is on Free; `ended` with a mail when it was past due, else `canceled`. A row already over
 * changes nothing.
 */
export async function planEnded(ctx: AppContext, tx: Tx, sub: Subscription, at: Date) {
  if (!(LIVE as readonly string[]).includes(sub.status)) return;
  const pastDue = sub.status === 'past_due';
  await tx.update(subscriptions).set({ status: pastDue ? 'ended' : 'canceled', endedAt: at }).where(eq(subscriptions.id, sub.id));
  await setAccountPlan(tx, sub.subscriberUserId, 'free');
  if (pastDue) await ctx.mailer.send(endedMail(ctx, sub), tx);
}

/**
 * One due plan subscription of the test provider at its period's end, locked: set to end → canceled
 * and the account on Free; else a waiting downgrade is applied and the next period charged to the
 * card, or the card declines and it is past due for the grace period (the plan stays meanwhile). The
 * period end is checked again on the locked row, so a run overlapping another changes nothing twice.
 */
async function renewOne(ctx: AppContext, id: string, now: Date): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.subject !== 'plan' || sub.provider !== 'test' || (sub.status !== 'trialing' && sub.status !== 'active') || sub.currentPeriodEnd > now) return false;
    if (sub.cancelAtPeriodEnd || !sub.plan) {
      await planEnded(ctx, tx, sub, sub.currentPeriodEnd);
      return false;
    }
    if (!cardTakes(sub)) {
      await planPaymentFailed(ctx, tx, sub, now);
      return false;
    }
    const plan = sub.scheduledPlan ?? sub.plan;
    const periodStart = sub.currentPeriodEnd;
    return planPeriodPaid(tx, sub, {
      amountCents: planPriceCents(plan, intervalPeriod(sub.interval)),
      periodStart,
      periodEnd: addInterval(periodStart, sub.interval),
      kind: 'renewal',
      at: now,
    });
  });
}

/** A past-due plan subscription whose grace period is over: it ends and the account falls back to Free (Stripe's too). */
async function endOne(ctx: AppContext, id: string, now: Date) {
  const ended = await ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.subject !== 'plan' || sub.status !== 'past_due' || !sub.graceEndsAt || sub.graceEndsAt > now) return undefined;
    await planEnded(ctx, tx, sub, sub.graceEndsAt);
    return sub;
  });
  const billing = ctx.payments.provider?.billing;
  if (ended?.providerRef && ended.provider !== 'test' && billing) {
    await billing.cancelNow(ended.providerRef).catch((error: unknown) => console.error(`Ending the provider subscription of ${ended.id} failed`, error));
  }
}

const BATCH = 100;

/** The recurring task `plans.cycle` (app.ts): every plan subscription due by the clock's now, in batches. */
export async function runPlanCycle(ctx: AppContext): Promise<{ renewed: number; ended: number }> {
  const now = ctx.clock.now();
  const { db } = ctx.database;
  let renewed = 0;
  let ended = 0;
  for (let round = 0; round < 1000; round += 1) {
    const due = await dueSubscriptionIds(db, 'plan', now, BATCH);
    const over = await graceOverIds(db, 'plan', now, BATCH);
    if (due.length === 0 && over.length === 0) break;
    for (const id of due) if (await renewOne(ctx, id, now)) renewed += 1;
    for (const id of over) {
      await endOne(ctx, id, now);
      ended += 1;
    }
  }
  return { renewed, ended };
}

/** An account's plan as a subject of the subscription engine (payments/contract.ts), wired in app.ts. */
export const planSubject: Subject = {
  async fromProvider(_ctx, tx, provided, user) {
    await planFromProvider(tx, provided, user);
  },
  async periodPaid(_ctx, tx, sub, invoice) {
    // An upgrade's invoice names the plan it pays for (its subscription's metadata).
    const plan = invoice.kind === 'upgrade' ? PAID_PLAN_IDS.find((id) => id === invoice.metadata.plan) : undefined;
    await planPeriodPaid(tx, sub, { amountCents: invoice.amountCents, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, kind: invoice.kind, at: invoice.at, plan });
    return undefined;
  },
  paymentFailed: (ctx, tx, sub, failed) => planPaymentFailed(ctx, tx, sub, failed.at),
  cancelAtPeriodEnd: (_ctx, tx, sub, cancel, at) => planCancelAtPeriodEnd(tx, sub, cancel, at),
  ended: planEnded,
};

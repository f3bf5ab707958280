// Memberships (decision 022): a product's recurring prices, joining with the test provider's card,
// the life cycle run by a recurring task on the app's clock (trial end, renewals, failed renewals and
// their grace period, the end), and the member's cancel, resume and tier change. Each paid period is
// an order of kind `products` tied to the subscription, fulfilled like a checkout: a sale of the
// creator with their plan's fee, a receipt, the sale.created webhook. A membership started or
// cancelled enrols its member in the creator's workflows of that trigger (audience/workflows.ts).
import type { Readable } from 'node:stream';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  addDays,
  addInterval,
  churnPercent,
  hasAccess,
  MEMBERSHIP_MESSAGES,
  monthlyCents,
  prorationCents,
  type BillingInterval,
} from '#shared/memberships.ts';
import type { JoinMembershipInput, Member, Members, Membership, MembershipPlan, MembershipPlanInput } from '#shared/memberships-api.ts';
import type { Currency } from '#shared/money.ts';
import type { CardForm } from '#shared/orders-forms.ts';
import { checkTestCard, declinesLaterCharges, cardDigits, ORDER_MESSAGES } from '#shared/orders.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import type { Language } from '#shared/profiles.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/auth.ts';
import { membershipPlans, subscriptions } from '../../db/schema/memberships.ts';
import { orders } from '../../db/schema/orders.ts';
import { productVersions } from '../../db/schema/products.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import type { ProviderSubscription, Subject, SubscriptionBilling } from '../payments/contract.ts';
import { atProvider, CardDeclinedError, PaymentProviderError, PaymentsNotSetUpError, PaymentUnavailableError } from '../payments/errors.ts';
import { subscriptionBilling } from '../payments/service.ts';
import { dueSubscriptionIds, getSubscription, graceOverIds, lockSubscription, providerSubscriptionFields, type Subscription } from '../payments/subscriptions.ts';
import { assertCreatorsCanSell } from '../payouts/connect.ts';
import { getProduct } from '../products/queries.ts';
import { enrolMember } from '../audience/workflows.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import {
  activeVersions,
  churnCounts,
  creatorMembers,
  creatorMembershipProducts,
  getPlan,
  hadTrial,
  recordTrial,
  subscriberMemberships,
} from './queries.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

export const membershipNotFound = () => new NotFoundError(MEMBERSHIP_MESSAGES.notFound, 'membership_not_found');
const planNotFound = () => new NotFoundError(MEMBERSHIP_MESSAGES.planNotFound, 'membership_plan_not_found');

// ---------- plans ----------

/**
 * A product's membership as anyone sees it on its page; 404 when it is not a membership or is withdrawn.
 * `trialUsed`: the signed-in `viewer` had its trial already, so they would join without one.
 */
export async function publicPlan(ctx: AppContext, productId: string, viewer?: { id: string; email: string } | null): Promise<MembershipPlan> {
  const { db } = ctx.database;
  const found = await getPlan(db, productId);
  // A draft's plan is shown to its creator only (decision 031).
  if (!found || found.product.hiddenAt || (!found.product.publishedAt && viewer?.id !== found.product.userId)) throw planNotFound();
  const versions = await activeVersions(db, productId);
  const names = new Map(versions.map((version) => [version.id, version.name]));
  // Tiers in the versions' order; a tier of a version removed since is not offered.
  const tiers = found.plan.tiers
    .filter((tier) => tier.versionId === null || names.has(tier.versionId))
    .map((tier) => ({ ...tier, name: tier.versionId ? names.get(tier.versionId)! : null }))
    .sort((a, b) => versions.findIndex((v) => v.id === a.versionId) - versions.findIndex((v) => v.id === b.versionId));
  const trialUsed = viewer && found.plan.trialDays > 0 ? await hadTrial(db, productId, viewer) : false;
  return { productId, currency: found.product.currency, trialDays: found.plan.trialDays, trialUsed, tiers };
}

async function ownedProduct(ctx: AppContext, userId: string, productId: string) {
  const product = await getProduct(ctx.database.db, productId);
  // Another creator's product answers as a missing one.
  if (!product || product.userId !== userId) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
  return product;
}

/**
 * Makes a product a membership (or changes its prices): one tier for a product without versions,
 * else one per version it sells as a tier.
 */
export async function savePlan(ctx: AppContext, userId: string, productId: string, input: MembershipPlanInput): Promise<MembershipPlan> {
  await ownedProduct(ctx, userId, productId);
  const versions = await activeVersions(ctx.database.db, productId);
  const ids = new Set(versions.map((version) => version.id));
  const seen = new Set<string | null>();
  for (const tier of input.tiers) {
    const valid = versions.length === 0 ? tier.versionId === null : tier.versionId !== null && ids.has(tier.versionId);
    if (!valid || seen.has(tier.versionId)) throw new BadRequestError(MEMBERSHIP_MESSAGES.tierInvalid, 'membership_tier_invalid');
    seen.add(tier.versionId);
  }
  const values = { productId, trialDays: input.trialDays, tiers: input.tiers, updatedAt: new Date() };
  await ctx.database.db.insert(membershipPlans).values(values).onConflictDoUpdate({ target: membershipPlans.productId, set: values });
  return publicPlan(ctx, productId, { id: userId, email: '' });
}

/** The product is sold once again; its members keep their subscriptions to their end. */
export async function deletePlan(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await ownedProduct(ctx, userId, productId);
  const deleted = await ctx.database.db.delete(membershipPlans).where(eq(membershipPlans.productId, productId)).returning();
  if (deleted.length === 0) throw planNotFound();
}

export async function membershipProducts(ctx: AppContext, creatorId: string) {
  return { items: await creatorMembershipProducts(ctx.database.db, creatorId) };
}

/** Whether a product is sold as a membership (the cart refuses those). */
export async function isMembershipProduct(ctx: AppContext, productIds: string[]): Promise<boolean> {
  for (const id of productIds) if (await getPlan(ctx.database.db, id)) return true;
  return false;
}

// ---------- presenting ----------

export function presentMembership(sub: Subscription, creatorName: string | null): Membership {
  const live = sub.status === 'trialing' || sub.status === 'active';
  return {
    id: sub.id,
    productId: sub.productId,
    productName: sub.productName,
    creatorName: creatorName ?? '',
    versionId: sub.versionId,
    tierName: sub.tierName,
    interval: sub.interval,
    priceCents: sub.priceCents,
    currency: sub.currency,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    nextChargeAt: live && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    graceEndsAt: sub.status === 'past_due' ? (sub.graceEndsAt?.toISOString() ?? null) : null,
    endedAt: sub.endedAt?.toISOString() ?? null,
    creditCents: sub.creditCents,
    createdAt: sub.createdAt.toISOString(),
  };
}

/** What the creator's webhooks receive about a subscription. */
const subscriptionEventData = (sub: Subscription) => ({
  id: sub.id,
  productId: sub.productId,
  productName: sub.productName,
  tierName: sub.tierName,
  email: sub.subscriberEmail,
  interval: sub.interval,
  priceCents: sub.priceCents,
  currency: sub.currency,
  status: sub.status,
  currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
});

// ---------- charging ----------

/**
 * Books one charge of a subscription in `tx`: a paid order tied to it, fulfilled like a checkout (the
 * creator's sale with their plan's fee, the member's receipt, sale.created). The test provider's card
 * was checked by the caller; its money is test money (orders.test_mode).
 */
async function bookCharge(ctx: AppContext, tx: Tx, sub: Subscription, amountCents: number, providerRef?: string) {
  if (!sub.productId || !sub.creatorId) return undefined;
  const [order] = await tx
    .insert(orders)
    .values({
      id: prefixedId('ord', 24),
      kind: 'products',
      buyerEmail: sub.subscriberEmail,
      buyerUserId: sub.subscriberUserId,
      items: [
        {
          productId: sub.productId,
          name: sub.productName,
          priceCents: amountCents,
          creatorId: sub.creatorId,
          ...(sub.versionId ? { versionId: sub.versionId, versionName: sub.tierName ?? undefined } : {}),
        },
      ],
      totalCents: amountCents,
      currency: sub.currency,
      locale: sub.locale,
      status: 'paid',
      paidAt: ctx.clock.now(),
      provider: sub.provider,
      providerRef: providerRef ?? null,
      testMode: sub.testMode,
      subscriptionId: sub.id,
    })
    .returning();
  await ctx.orders.fulfilments.products.fulfil(ctx, tx, order!);
  return order!;
}

/** After the charge's transaction committed: the creator's live sales list and notifications. */
export async function afterCharge(ctx: AppContext, order: Awaited<ReturnType<typeof bookCharge>>, log?: Logger) {
  if (!order) return;
  try {
    await ctx.orders.fulfilments.products.afterPaid?.(ctx, order);
  } catch (error) {
    // The charge is booked; a lost event must not undo it.
    if (log) log.error({ err: error, orderId: order.id }, 'after-charge work failed');
    else console.error(`After-charge work for order ${order.id} failed`, error);
  }
}

// ---------- joining ----------

/** The price of a tier for an interval, from the plan; 400 when that tier or interval is not sold. */
function tierPrice(plan: MembershipPlan, versionId: string | null, interval: BillingInterval) {
  const tier = plan.tiers.find((candidate) => candidate.versionId === versionId);
  if (!tier) throw new BadRequestError(MEMBERSHIP_MESSAGES.tierInvalid, 'membership_tier_invalid');
  const cents = interval === 'month' ? tier.monthlyCents : tier.yearlyCents;
  if (cents === null) throw new BadRequestError(MEMBERSHIP_MESSAGES.intervalUnavailable, 'membership_interval_unavailable');
  return { tier, cents };
}

/** A membership joined with the test provider's card, or Stripe Checkout's page to join on (decision 027). */
export type JoinAnswer = { membership: Membership; checkoutUrl: null } | { membership: null; checkoutUrl: string };

/**
 * Joins a membership. With the test provider: a trial when the product has one (no charge until it
 * ends), else the first period charged at once, the card kept to charge the renewals. With Stripe:
 * a Checkout Session in subscription mode; its webhooks make the subscription (stripe-billing.ts).
 */
export async function joinMembership(
  ctx: AppContext,
  user: { id: string; email: string },
  input: JoinMembershipInput & { versionId: string | null },
  locale: Language,
  log?: Logger,
): Promise<JoinAnswer> {
  const provider = ctx.payments.provider;
  if (!provider) throw new PaymentsNotSetUpError();
  const plan = await publicPlan(ctx, input.productId, user);
  const product = (await getProduct(ctx.database.db, input.productId))!;
  if (product.userId === user.id) throw new BadRequestError(MEMBERSHIP_MESSAGES.ownProduct, 'own_membership');
  await assertCreatorsCanSell(ctx, [product.userId]);
  // One free trial per buyer e-mail and product: joining again is charged at once.
  const trialDays = plan.trialUsed ? 0 : plan.trialDays;
  const { tier, cents } = tierPrice(plan, input.versionId, input.interval);
  if (provider.billing) {
    const [live] = await ctx.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.productId, product.id), eq(subscriptions.subscriberUserId, user.id), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])));
    if (live) throw new ConflictError(MEMBERSHIP_MESSAGES.alreadyMember, 'already_member');
    const started = await provider.billing
      .checkout({
        name: tier.name ? `${product.name} (${tier.name})` : product.name,
        amountCents: cents,
        currency: product.currency,
        interval: input.interval,
        trialDays,
        email: user.email,
        metadata: { subject: 'membership', user_id: user.id, product_id: product.id, version_id: tier.versionId ?? '', interval: input.interval, locale },
        // Stripe puts the session's id in; the library confirms it on return (confirmSubscriptionCheckout).
        successUrl: `${ctx.config.PUBLIC_URL}/library?membership=joined&checkout={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ctx.config.PUBLIC_URL}/memberships/join/${product.id}`,
        // One session per member, tier, interval and trial within a short while (a double click); a join
        // again after a trial asks for a session without one, under a key of its own.
        idempotencyKey: `membership-${user.id}-${product.id}-${tier.versionId ?? 'product'}-${input.interval}-trial${trialDays}-${Math.floor(ctx.clock.now().getTime() / 600_000)}`,
      })
      .catch((error: unknown) => {
        if (error instanceof PaymentProviderError) throw new PaymentUnavailableError();
        throw error;
      });
    return { membership: null, checkoutUrl: started.url };
  }
  const check = checkTestCard(input.card ?? { number: '', expiry: '', cvc: '' }, ctx.clock.now());
  if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
  if (check.declined) throw new CardDeclinedError();
  const now = ctx.clock.now();
  const trial = trialDays > 0;
  let charged: Awaited<ReturnType<typeof bookCharge>>;
  const sub = await ctx.database.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(subscriptions)
        .values({
          id: prefixedId('sub', 24),
          productId: product.id,
          productName: product.name,
          versionId: tier.versionId,
          tierName: tier.name,
          creatorId: product.userId,
          subscriberUserId: user.id,
          subscriberEmail: user.email,
          interval: input.interval,
          priceCents: cents,
          currency: product.currency,
          status: trial ? 'trialing' : 'active',
          provider: 'test',
          testMode: true,
          testCard: cardDigits(input.card!.number),
          currentPeriodStart: now,
          currentPeriodEnd: trial ? addDays(now, trialDays) : addInterval(now, input.interval),
          trialEndsAt: trial ? addDays(now, trialDays) : null,
          locale,
          createdAt: now,
        })
        .returning();
      if (trial) await recordTrial(tx, { productId: product.id, userId: user.id, email: user.email, at: now });
      else charged = await bookCharge(ctx, tx, row!, cents);
      await emitWebhookEvent(tx, row!.creatorId, 'subscription.created', subscriptionEventData(row!));
      await enrolMember(tx, row!, 'started');
      return row!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'subscriptions_live_unique')) throw new ConflictError(MEMBERSHIP_MESSAGES.alreadyMember, 'already_member');
      throw error;
    });
  await afterCharge(ctx, charged, log);
  return { membership: presentMembership(sub, null), checkoutUrl: null };
}

/**
 * A membership the provider's billing started (Stripe Checkout completed, decision 027): the row made
 * from what the checkout carried, in `tx`; undefined when the product or member is gone, or the member
 * already has a live membership of it.
 */
export async function membershipFromProvider(ctx: AppContext, tx: Tx, provided: ProviderSubscription, user: { id: string; email: string }) {
  const meta = provided.metadata;
  const product = meta.product_id ? await getProduct(tx, meta.product_id) : undefined;
  if (!product) return undefined;
  const versionId = meta.version_id || null;
  const [version] = versionId ? await tx.select().from(productVersions).where(eq(productVersions.id, versionId)) : [];
  const inserted = await tx
    .insert(subscriptions)
    .values({
      id: prefixedId('sub', 24),
      productId: product.id,
      productName: product.name,
      versionId: version?.id ?? null,
      tierName: version?.name ?? null,
      creatorId: product.userId,
      subscriberUserId: user.id,
      subscriberEmail: user.email,
      currency: product.currency,
      ...providerSubscriptionFields(provided),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (row?.trialEndsAt) {
    await recordTrial(tx, { productId: product.id, userId: user.id, email: user.email, cardFingerprint: provided.cardFingerprint, at: row.currentPeriodStart });
  }
  if (row) {
    await emitWebhookEvent(tx, row.creatorId, 'subscription.created', subscriptionEventData(row));
    await enrolMember(tx, row, 'started');
  }
  return row;
}

/**
 * One free trial per buyer and product (decision 022), for a new membership Stripe started with a
 * trial, before it is recorded: the fingerprint of its card goes with it (recorded with the trial),
 * unless this account, address or card had a trial of the product already; then the trial ends at
 * once at Stripe (the first period charged now) and the subscription as it is after is recorded,
 * with no trial. One recorded meanwhile (its other event or the member's return) is left as it is.
 */
async function oneTrialPerBuyer(ctx: AppContext, billing: SubscriptionBilling, current: ProviderSubscription): Promise<ProviderSubscription> {
  const productId = current.metadata.product_id;
  if (current.status !== 'trialing' || !productId) return current;
  const { db } = ctx.database;
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, current.metadata.user_id ?? ''));
  if (!user) return current;
  const cardFingerprint = await billing.cardFingerprint(current.ref);
  if (!(await hadTrial(db, productId, { ...user, cardFingerprint }))) return { ...current, cardFingerprint };
  // Read after the trials: a trial recorded for this very subscription came with its row. A second
  // checkout of a member who has the membership (two tabs) is canceled unrecorded: nothing to charge.
  const [recorded] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.providerRef, current.ref),
        and(eq(subscriptions.productId, productId), eq(subscriptions.subscriberUserId, user.id), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])),
      ),
    )
    .limit(1);
  if (recorded) return current;
  return billing.endTrialNow(current.ref);
}

// ---------- the life cycle ----------

/** The member's mail that a renewal failed and when access ends. */
function paymentFailedMail(ctx: AppContext, sub: Subscription, amountCents: number, graceEndsAt: Date) {
  const texts = mailTexts(sub.locale);
  return {
    to: sub.subscriberEmail,
    subject: texts.membership.paymentFailedSubject(ctx.config.BRAND_NAME),
    text: texts.membership.paymentFailed({
      product: sub.productName,
      amount: texts.format.money(amountCents, sub.currency as Currency),
      date: texts.format.date(graceEndsAt),
      url: `${ctx.config.PUBLIC_URL}/library`,
    }),
  };
}

function endedMail(ctx: AppContext, sub: Subscription) {
  const texts = mailTexts(sub.locale);
  return {
    to: sub.subscriberEmail,
    subject: texts.membership.endedSubject(ctx.config.BRAND_NAME),
    text: texts.membership.ended({ product: sub.productName, url: `${ctx.config.PUBLIC_URL}/library` }),
  };
}

/**
 * A period was paid (the test provider's renewal, or Stripe's paid invoice): the charge is booked as a
 * sale of the creator and, when the paid period lies beyond the current one, the subscription moves
 * to it (active, any grace over). `sub` is locked in `tx`. A charge with a provider reference already
 * booked books nothing (a replayed invoice); a period is never moved back.
 */
export async function membershipPeriodPaid(
  ctx: AppContext,
  tx: Tx,
  sub: Subscription,
  paid: { amountCents: number; periodStart: Date; periodEnd: Date; creditCents?: number; providerRef?: string },
) {
  if (paid.providerRef) {
    const [booked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.providerRef, paid.providerRef));
    if (booked) return undefined;
  }
  // A late invoice of a subscription that is over is booked, but does not bring it back.
  const moves = hasAccess(sub.status) && paid.periodEnd > sub.currentPeriodEnd;
  const reopens = sub.status === 'past_due' && paid.periodEnd >= sub.currentPeriodEnd;
  let current = sub;
  if (moves || reopens) {
    const [renewed] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        graceEndsAt: null,
        ...(moves ? { currentPeriodStart: paid.periodStart, currentPeriodEnd: paid.periodEnd } : {}),
        ...(paid.creditCents === undefined ? {} : { creditCents: paid.creditCents }),
      })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    current = renewed!;
  }
  const order = paid.amountCents > 0 ? await bookCharge(ctx, tx, current, paid.amountCents, paid.providerRef) : undefined;
  if (moves || reopens) await emitWebhookEvent(tx, sub.creatorId, 'subscription.renewed', subscriptionEventData(current));
  return order;
}

/**
 * A renewal was declined (the test card, or Stripe's failed invoice): past due with the grace period
 * from the period's end and a mail saying when access ends. Only a live, not yet past-due one changes.
 */
export async function membershipPaymentFailed(ctx: AppContext, tx: Tx, sub: Subscription, amountCents: number) {
  if (sub.status !== 'trialing' && sub.status !== 'active') return;
  const graceEndsAt = addDays(sub.currentPeriodEnd, ctx.config.MEMBERSHIP_GRACE_DAYS);
  const [pastDue] = await tx.update(subscriptions).set({ status: 'past_due', graceEndsAt }).where(eq(subscriptions.id, sub.id)).returning();
  await ctx.mailer.send(paymentFailedMail(ctx, sub, amountCents, graceEndsAt), tx);
  await emitWebhookEvent(tx, sub.creatorId, 'subscription.past_due', subscriptionEventData(pastDue!));
}

/**
 * The subscription is over (set to end and its period ended, or the provider ended it): `canceled`,
 * or `ended` with the member's mail when it was past due. A row already over changes nothing.
 */
export async function membershipEnded(ctx: AppContext, tx: Tx, sub: Subscription, at: Date) {
  if (!hasAccess(sub.status)) return;
  const pastDue = sub.status === 'past_due';
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: pastDue ? 'ended' : 'canceled', endedAt: at })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (pastDue) await ctx.mailer.send(endedMail(ctx, sub), tx);
  await emitWebhookEvent(tx, sub.creatorId, 'subscription.ended', subscriptionEventData(ended!));
  // Ended outright by the provider (not set to cancel first, not for want of payment): a cancellation.
  if (!pastDue && !sub.cancelAtPeriodEnd && sub.productId) await enrolMember(tx, ended!, 'cancelled');
}

/** Sets or clears the cancel at the period's end (the member's action, or the provider's report); a no-op when already so. */
export async function membershipCancelAtPeriodEnd(tx: Tx, sub: Subscription, cancel: boolean, at: Date) {
  if (sub.cancelAtPeriodEnd === cancel || (sub.status !== 'trialing' && sub.status !== 'active')) return;
  const [changed] = await tx
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? at : null })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await emitWebhookEvent(tx, sub.creatorId, cancel ? 'subscription.canceled' : 'subscription.updated', subscriptionEventData(changed!));
  if (cancel) await enrolMember(tx, changed!, 'cancelled');
}

/**
 * One due subscription of the test provider at its period's end, locked: set to end → canceled; else
 * the renewal is charged to its card (a new period, a sale), or declined (past due, the grace period,
 * a mail). The period end is checked again on the locked row, so a run that overlaps another changes
 * nothing twice. (Stripe renews its own subscriptions and reports them by webhook: stripe-billing.ts.)
 */
async function renewOne(ctx: AppContext, id: string, now: Date) {
  return ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.provider !== 'test' || (sub.status !== 'trialing' && sub.status !== 'active') || sub.currentPeriodEnd > now) return undefined;
    if (sub.cancelAtPeriodEnd || !sub.productId) {
      await membershipEnded(ctx, tx, sub, sub.currentPeriodEnd);
      return undefined;
    }
    if (sub.testCard === null || declinesLaterCharges(sub.testCard)) {
      await membershipPaymentFailed(ctx, tx, sub, Math.max(0, sub.priceCents - sub.creditCents));
      return undefined;
    }
    return chargeNextPeriod(ctx, tx, sub);
  });
}

/** The period after the current one charged to the test card (less the member's credit): a renewal, or a past-due one's retry. */
function chargeNextPeriod(ctx: AppContext, tx: Tx, sub: Subscription) {
  const amountCents = Math.max(0, sub.priceCents - sub.creditCents);
  return membershipPeriodPaid(ctx, tx, sub, {
    amountCents,
    periodStart: sub.currentPeriodEnd,
    periodEnd: addInterval(sub.currentPeriodEnd, sub.interval),
    creditCents: sub.creditCents - (sub.priceCents - amountCents),
  });
}

/** A past-due subscription whose grace period is over: access ends, the member is told. */
async function endOne(ctx: AppContext, id: string, now: Date, log?: Logger) {
  const ended = await ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.status !== 'past_due' || !sub.graceEndsAt || sub.graceEndsAt > now) return undefined;
    await membershipEnded(ctx, tx, sub, sub.graceEndsAt);
    return sub;
  });
  await cancelAtProvider(ctx, ended, log);
}

/** After a subscription kept by the provider ended here (grace over): the provider stops retrying it too. */
export async function cancelAtProvider(ctx: AppContext, sub: Subscription | undefined, log?: Logger) {
  const billing = ctx.payments.provider?.billing;
  if (!sub?.providerRef || sub.provider === 'test' || !billing) return;
  try {
    await billing.cancelNow(sub.providerRef);
  } catch (error) {
    // Ended here already; Stripe's own dunning ends it later at worst.
    if (log) log.error({ err: error, subscriptionId: sub.id }, 'ending the provider subscription failed');
    else console.error(`Ending the provider subscription of ${sub.id} failed`, error);
  }
}

const BATCH = 100;

/**
 * The recurring task `memberships.cycle` (app.ts): everything due by the clock's now, in batches, until
 * nothing is. A subscription behind by several periods (a server that was down) renews once per loop.
 */
export async function runMembershipCycle(ctx: AppContext, log?: Logger): Promise<{ renewed: number; ended: number }> {
  const now = ctx.clock.now();
  const { db } = ctx.database;
  let renewed = 0;
  let ended = 0;
  for (let round = 0; round < 1000; round += 1) {
    const due = await dueSubscriptionIds(db, 'membership', now, BATCH);
    const over = await graceOverIds(db, 'membership', now, BATCH);
    if (due.length === 0 && over.length === 0) break;
    for (const id of due) {
      const order = await renewOne(ctx, id, now);
      if (order) renewed += 1;
      await afterCharge(ctx, order, log);
    }
    for (const id of over) {
      await endOne(ctx, id, now, log);
      ended += 1;
    }
  }
  return { renewed, ended };
}

// ---------- the member's actions ----------

/** The member's own subscription, locked in `tx`; another account's answers 404. */
async function ownSubscription(tx: Tx, userId: string, id: string) {
  const sub = await lockSubscription(tx, id);
  // A plan subscription (decision 025) is not a membership: it has its own routes.
  if (!sub || sub.subscriberUserId !== userId || sub.subject !== 'membership') throw membershipNotFound();
  return sub;
}

export async function listMemberships(ctx: AppContext, userId: string) {
  const rows = await subscriberMemberships(ctx.database.db, userId);
  return { items: rows.map((row) => presentMembership(row.sub, row.creatorName)) };
}

async function presentById(ctx: AppContext, id: string) {
  const sub = (await getSubscription(ctx.database.db, id))!;
  return presentMembership(sub, null);
}

async function ownUnlocked(ctx: AppContext, userId: string, id: string) {
  const sub = await getSubscription(ctx.database.db, id);
  if (!sub || sub.subscriberUserId !== userId || sub.subject !== 'membership') throw membershipNotFound();
  return sub;
}

/**
 * Cancel: access lasts to the end of the period (a past-due one ends now: there is no paid period left).
 * A Stripe membership is changed at Stripe first; its webhook and this apply the same change once.
 */
export async function cancelMembership(ctx: AppContext, userId: string, id: string, log?: Logger): Promise<Membership> {
  const now = ctx.clock.now();
  const before = await ownUnlocked(ctx, userId, id);
  const provider = subscriptionBilling(ctx, before);
  if (provider && before.status !== 'past_due') {
    if (!hasAccess(before.status) || before.cancelAtPeriodEnd) throw new ConflictError(MEMBERSHIP_MESSAGES.notCancelable, 'membership_not_cancelable');
    await atProvider(provider.billing.setCancelAtPeriodEnd(provider.ref, true));
  }
  const endedNow = await ctx.database.db.transaction(async (tx) => {
    const sub = await ownSubscription(tx, userId, id);
    if (sub.status === 'past_due') {
      const [ended] = await tx.update(subscriptions).set({ status: 'canceled', canceledAt: now, endedAt: now }).where(eq(subscriptions.id, id)).returning();
      await emitWebhookEvent(tx, sub.creatorId, 'subscription.ended', subscriptionEventData(ended!));
      await enrolMember(tx, ended!, 'cancelled');
      return ended;
    }
    if (!hasAccess(sub.status) || sub.cancelAtPeriodEnd) {
      if (provider) return undefined; // its webhook applied it already
      throw new ConflictError(MEMBERSHIP_MESSAGES.notCancelable, 'membership_not_cancelable');
    }
    await membershipCancelAtPeriodEnd(tx, sub, true, now);
    return undefined;
  });
  await cancelAtProvider(ctx, endedNow, log);
  return presentById(ctx, id);
}

/**
 * A new card for a live membership's renewals. The test provider's: a past-due membership's failed
 * renewal is charged to it at once (paid, access goes on with the next period); a card that declines
 * changes nothing. With Stripe, its page to give the card on (setup mode), whose return to the library
 * or webhook pays the failed renewal with it (confirmSubscriptionCheckout).
 */
export async function updateMembershipCard(
  ctx: AppContext,
  userId: string,
  id: string,
  card: CardForm | undefined,
  log?: Logger,
): Promise<{ membership: Membership; checkoutUrl: string | null }> {
  const before = await ownUnlocked(ctx, userId, id);
  // Ended, or its product deleted (it ends with its period, renewOne): nothing more to charge.
  const unavailable = () => new ConflictError(MEMBERSHIP_MESSAGES.cardUnavailable, 'membership_card_unavailable');
  if (!hasAccess(before.status) || !before.productId) throw unavailable();
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    const started = await atProvider(
      provider.billing.cardCheckout(provider.ref, {
        successUrl: `${ctx.config.PUBLIC_URL}/library?checkout={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ctx.config.PUBLIC_URL}/library`,
        metadata: { subject: 'membership', user_id: userId },
        idempotencyKey: `membership-card-${before.id}-${Math.floor(ctx.clock.now().getTime() / 600_000)}`,
      }),
    );
    return { membership: presentMembership(before, null), checkoutUrl: started.url };
  }
  const given = card ?? { number: '', expiry: '', cvc: '' };
  const check = checkTestCard(given, ctx.clock.now());
  if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
  if (check.declined) throw new CardDeclinedError();
  const testCard = cardDigits(given.number);
  const charged = await ctx.database.db.transaction(async (tx) => {
    const sub = await ownSubscription(tx, userId, id);
    if (!hasAccess(sub.status) || !sub.productId) throw unavailable();
    if (sub.status === 'past_due' && declinesLaterCharges(testCard)) throw new CardDeclinedError();
    const [updated] = await tx.update(subscriptions).set({ testCard }).where(eq(subscriptions.id, id)).returning();
    return sub.status === 'past_due' ? chargeNextPeriod(ctx, tx, updated!) : undefined;
  });
  await afterCharge(ctx, charged, log);
  return { membership: await presentById(ctx, id), checkoutUrl: null };
}

/** Resume: a membership set to end goes on renewing, as long as its period has not ended. */
export async function resumeMembership(ctx: AppContext, userId: string, id: string): Promise<Membership> {
  const resumable = (sub: Subscription) => (sub.status === 'trialing' || sub.status === 'active') && sub.cancelAtPeriodEnd;
  const before = await ownUnlocked(ctx, userId, id);
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    if (!resumable(before)) throw new ConflictError(MEMBERSHIP_MESSAGES.notResumable, 'membership_not_resumable');
    await atProvider(provider.billing.setCancelAtPeriodEnd(provider.ref, false));
  }
  await ctx.database.db.transaction(async (tx) => {
    const sub = await ownSubscription(tx, userId, id);
    if (!resumable(sub)) {
      if (provider) return;
      throw new ConflictError(MEMBERSHIP_MESSAGES.notResumable, 'membership_not_resumable');
    }
    await membershipCancelAtPeriodEnd(tx, sub, false, ctx.clock.now());
  });
  return presentById(ctx, id);
}

/**
 * Moves to another tier at the same interval. During a trial only the price changes. Else, with the
 * test provider, the difference for the days left is charged now (a sale) when dearer, or credited to
 * the next renewal. Stripe prorates itself: its invoice for the difference comes as `invoice.paid`
 * (a sale) and a cheaper tier's credit is taken off its next invoice.
 */
export async function changeTier(ctx: AppContext, userId: string, id: string, versionId: string, log?: Logger): Promise<Membership> {
  const now = ctx.clock.now();
  const changeable = (sub: Subscription) => (sub.status === 'trialing' || sub.status === 'active') && !sub.cancelAtPeriodEnd && sub.productId !== null;
  const before = await ownUnlocked(ctx, userId, id);
  const provider = subscriptionBilling(ctx, before);
  if (provider) {
    if (!changeable(before)) throw new ConflictError(MEMBERSHIP_MESSAGES.notChangeable, 'membership_not_changeable');
    if (before.versionId === versionId) throw new ConflictError(MEMBERSHIP_MESSAGES.sameTier, 'membership_same_tier');
    const { cents } = tierPrice(await publicPlan(ctx, before.productId!), versionId, before.interval);
    await atProvider(provider.billing.changePrice(provider.ref, { amountCents: cents, proration: 'now', metadata: { version_id: versionId } }));
  }
  let charged: Awaited<ReturnType<typeof bookCharge>>;
  await ctx.database.db.transaction(async (tx) => {
    const sub = await ownSubscription(tx, userId, id);
    if (!changeable(sub)) throw new ConflictError(MEMBERSHIP_MESSAGES.notChangeable, 'membership_not_changeable');
    if (sub.versionId === versionId) {
      if (provider) return;
      throw new ConflictError(MEMBERSHIP_MESSAGES.sameTier, 'membership_same_tier');
    }
    const plan = await publicPlan(ctx, sub.productId!);
    const { tier, cents } = tierPrice(plan, versionId, sub.interval);
    const difference =
      provider || sub.status === 'trialing'
        ? 0
        : prorationCents({ fromCents: sub.priceCents, toCents: cents, periodStart: sub.currentPeriodStart, periodEnd: sub.currentPeriodEnd, now });
    const [changed] = await tx
      .update(subscriptions)
      .set({ versionId: tier.versionId, tierName: tier.name, priceCents: cents, creditCents: sub.creditCents + Math.max(0, -difference) })
      .where(eq(subscriptions.id, id))
      .returning();
    if (difference > 0) {
      if (changed!.testCard === null || declinesLaterCharges(changed!.testCard)) throw new CardDeclinedError();
      charged = await bookCharge(ctx, tx, changed!, difference);
    }
    await emitWebhookEvent(tx, sub.creatorId, 'subscription.updated', subscriptionEventData(changed!));
  });
  await afterCharge(ctx, charged, log);
  return presentById(ctx, id);
}

/** The product file for a member with access (trial included); 404 for anyone else. */
export async function openMembershipFile(ctx: AppContext, userId: string, id: string): Promise<{ fileName: string; size: number; body: Readable }> {
  const sub = await getSubscription(ctx.database.db, id);
  if (!sub || sub.subscriberUserId !== userId || sub.subject !== 'membership') throw membershipNotFound();
  if (!hasAccess(sub.status) || !sub.productId) throw new AppError(403, 'membership_no_access', MEMBERSHIP_MESSAGES.noAccess);
  const product = await getProduct(ctx.database.db, sub.productId);
  if (!product || product.hiddenAt) throw new AppError(410, 'product_withdrawn', ORDER_MESSAGES.productWithdrawn);
  // A tier's file is its version's (as the version is now), else the product's.
  const [version] = sub.versionId ? await ctx.database.db.select().from(productVersions).where(eq(productVersions.id, sub.versionId)) : [];
  const file = version ? { key: version.fileKey, name: version.fileName } : { key: product.fileKey, name: product.fileName };
  const object = await ctx.storage.get('product-files', file.key);
  if (!object) throw new NotFoundError(ORDER_MESSAGES.fileMissing, 'file_missing');
  return { fileName: file.name, size: object.size, body: object.body };
}

// ---------- the creator's members ----------

export async function membersOf(ctx: AppContext, creatorId: string): Promise<Members> {
  const { db } = ctx.database;
  const rows = await creatorMembers(db, creatorId);
  const counts = { active: 0, trialing: 0, pastDue: 0, canceled: 0 };
  const mrr = new Map<Currency, number>();
  for (const { sub } of rows) {
    if (sub.status === 'active') counts.active += 1;
    else if (sub.status === 'trialing') counts.trialing += 1;
    else if (sub.status === 'past_due') counts.pastDue += 1;
    else counts.canceled += 1;
    if (sub.status === 'active' || sub.status === 'past_due') mrr.set(sub.currency, (mrr.get(sub.currency) ?? 0) + monthlyCents(sub));
  }
  const churn = await churnCounts(db, creatorId, addDays(ctx.clock.now(), -30));
  const items: Member[] = rows.map(({ sub, name }) => ({
    id: sub.id,
    email: sub.subscriberEmail,
    name: name ?? null,
    productName: sub.productName,
    tierName: sub.tierName,
    interval: sub.interval,
    priceCents: sub.priceCents,
    currency: sub.currency,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    createdAt: sub.createdAt.toISOString(),
  }));
  return { counts, mrr: [...mrr].map(([currency, cents]) => ({ currency, cents })), churnPercent: churnPercent(churn.lost, churn.atStart), items };
}

/** A membership as a subject of the subscription engine (payments/contract.ts), wired in app.ts. */
export const membershipSubject: Subject = {
  beforeRecord: oneTrialPerBuyer,
  async fromProvider(ctx, tx, provided, user) {
    await membershipFromProvider(ctx, tx, provided, user);
  },
  async periodPaid(ctx, tx, sub, invoice) {
    const order = await membershipPeriodPaid(ctx, tx, sub, { amountCents: invoice.amountCents, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd, providerRef: invoice.ref });
    return order ? (log) => afterCharge(ctx, order, log) : undefined;
  },
  paymentFailed: (ctx, tx, sub, failed) => membershipPaymentFailed(ctx, tx, sub, failed.amountCents),
  cancelAtPeriodEnd: (_ctx, tx, sub, cancel, at) => membershipCancelAtPeriodEnd(tx, sub, cancel, at),
  ended: membershipEnded,
};

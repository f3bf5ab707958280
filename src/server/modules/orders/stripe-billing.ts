// Stripe Billing (decision 027): memberships and the platform's plans as Stripe subscriptions. The
// provider side of the subscription core: Checkout in subscription mode, the subscription updates a
// member's or account's action makes, and the Billing webhooks mapped onto the provider-neutral steps
// of the memberships and plans services (a period paid, a payment failed, the cancel flag, the end).
// Everything Stripe-specific about subscriptions is here; those services never see Stripe's objects.
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAID_PLAN_IDS } from '#shared/plans.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { stripeEvents, subscriptions } from '../../db/schema/memberships.ts';
import type { AppContext } from '../../platform/context.ts';
import { hadTrial, lockSubscriptionByProviderRef, type Subscription } from '../memberships/queries.ts';
import {
  afterCharge,
  membershipCancelAtPeriodEnd,
  membershipEnded,
  membershipFromProvider,
  membershipPaymentFailed,
  membershipPeriodPaid,
} from '../memberships/service.ts';
import { planCancelAtPeriodEnd, planEnded, planFromProvider, planPaymentFailed, planPeriodPaid } from '../plans/billing.ts';
import type { ProviderInvoice, ProviderSubscription, SubscriptionBilling } from './contract.ts';
import { PaymentProviderError, type StripeApi } from './providers.ts';
import { atProvider } from './payments.ts';
import { PaymentUnavailableError } from './service.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

interface StripeSubscription {
  id: string;
  status: string;
  customer?: string;
  latest_invoice?: string | { id: string } | null;
  current_period_start?: number;
  current_period_end?: number;
  trial_end?: number | null;
  default_payment_method?: string | { id: string } | null;
  cancel_at_period_end?: boolean;
  ended_at?: number | null;
  metadata?: Record<string, string>;
  livemode?: boolean;
  items?: {
    data?: {
      id: string;
      current_period_start?: number;
      current_period_end?: number;
      price: { product: string; unit_amount: number; currency: string; recurring?: { interval: string } | null };
    }[];
  };
}

interface StripeInvoice {
  id: string;
  status?: string;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string; metadata?: Record<string, string> } | null } | null;
  subscription_details?: { metadata?: Record<string, string> } | null;
  billing_reason?: string | null;
  amount_paid?: number;
  amount_due?: number;
  period_start?: number;
  period_end?: number;
  created?: number;
  lines?: { data?: { period?: { start: number; end: number } }[] };
}

interface StripeCheckoutSession {
  mode?: string;
  status?: string;
  subscription?: string | { id: string } | null;
  setup_intent?: string | { id: string } | null;
  metadata?: Record<string, string>;
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

export interface StripeEvent {
  id?: string;
  type?: string;
  created?: number;
  data?: { object?: Record<string, unknown> & { id?: string; mode?: string } };
}

const toDate = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** Stripe's subscription as the subscription core reads it (periods on the item in newer API versions). */
function provided(sub: StripeSubscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  const start = sub.current_period_start ?? item?.current_period_start ?? 0;
  const end = sub.current_period_end ?? item?.current_period_end ?? 0;
  const known = ['trialing', 'active', 'past_due', 'canceled'] as const;
  return {
    ref: sub.id,
    status: known.find((status) => status === sub.status) ?? 'other',
    currentPeriodStart: toDate(start),
    currentPeriodEnd: toDate(end),
    trialEnd: sub.trial_end ? toDate(sub.trial_end) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    amountCents: item?.price.unit_amount ?? 0,
    currency: (item?.price.currency ?? 'usd').toUpperCase(),
    metadata: sub.metadata ?? {},
    testMode: !sub.livemode,
  };
}

const PLAN_INVOICE_KIND: Record<string, ProviderInvoice['kind']> = { subscription_create: 'subscription', subscription_cycle: 'renewal', subscription_update: 'upgrade' };

/** A paid Stripe invoice as the subscription core books it (its period on its line in newer API versions). */
function providedInvoice(invoice: StripeInvoice, now: Date): ProviderInvoice {
  const period = invoice.lines?.data?.[0]?.period ?? { start: invoice.period_start ?? 0, end: invoice.period_end ?? 0 };
  return {
    ref: invoice.id,
    amountCents: invoice.amount_paid ?? 0,
    periodStart: toDate(period.start),
    periodEnd: toDate(period.end),
    kind: PLAN_INVOICE_KIND[invoice.billing_reason ?? ''] ?? 'renewal',
    at: invoice.created ? toDate(invoice.created) : now,
    metadata: invoice.subscription_details?.metadata ?? invoice.parent?.subscription_details?.metadata ?? {},
  };
}

/** Stripe Billing through its HTTP API: what the memberships and plans services call (contract.ts). */
export function stripeBilling(api: StripeApi): SubscriptionBilling {
  const path = (ref: string) => `/v1/subscriptions/${encodeURIComponent(ref)}`;
  const sessionPath = (id: string) => `/v1/checkout/sessions/${encodeURIComponent(id)}`;
  return {
    async checkout(input) {
      const form = new URLSearchParams({
        mode: 'subscription',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.email,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': input.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(input.amountCents),
        'line_items[0][price_data][product_data][name]': input.name.slice(0, 250),
        'line_items[0][price_data][recurring][interval]': input.interval,
      });
      if (input.trialDays > 0) form.set('subscription_data[trial_period_days]', String(input.trialDays));
      // On the session and on the subscription: every later event finds who and what it is for.
      for (const [key, value] of Object.entries(input.metadata)) {
        form.set(`metadata[${key}]`, value);
        form.set(`subscription_data[metadata][${key}]`, value);
      }
      const session = await api<{ id?: string; url?: string }>('/v1/checkout/sessions', 'subscription checkout', { form, idempotencyKey: input.idempotencyKey });
      if (!session.url) throw new Error('Stripe answered without a checkout page.');
      return { url: session.url };
    },
    async retrieve(ref) {
      return provided(await api<StripeSubscription>(path(ref), 'subscription lookup'));
    },
    async checkoutSession(sessionId) {
      const session = await api<StripeCheckoutSession>(sessionPath(sessionId), 'checkout session lookup');
      const complete = session.status === 'complete';
      const metadata = session.metadata ?? {};
      if (session.mode === 'setup') return { purpose: 'card', complete, subscriptionRef: metadata.subscription ?? null, cardRef: idOf(session.setup_intent), metadata };
      return { purpose: 'subscription', complete, subscriptionRef: complete ? idOf(session.subscription) : null, cardRef: null, metadata };
    },
    async cardCheckout(ref, input) {
      const sub = await api<StripeSubscription>(path(ref), 'subscription lookup');
      const currency = sub.items?.data?.[0]?.price.currency;
      if (!sub.customer || !currency) throw new Error(`Stripe subscription ${ref} has no customer or price.`);
      // Setup mode: Stripe's page takes a card for the customer, charges nothing (useNewCard does).
      const form = new URLSearchParams({ mode: 'setup', customer: sub.customer, currency, success_url: input.successUrl, cancel_url: input.cancelUrl, 'metadata[subscription]': ref });
      for (const [key, value] of Object.entries(input.metadata)) form.set(`metadata[${key}]`, value);
      const session = await api<{ url?: string }>('/v1/checkout/sessions', 'card checkout', { form, idempotencyKey: input.idempotencyKey });
      if (!session.url) throw new Error('Stripe answered without a checkout page.');
      return { url: session.url };
    },
    async useNewCard(ref, cardRef) {
      // The card is the SetupIntent's payment method (a setup-mode session's `setup_intent`).
      const intent = await api<{ payment_method?: string | { id: string } | null }>(`/v1/setup_intents/${encodeURIComponent(cardRef)}`, 'setup intent lookup');
      const method = idOf(intent.payment_method);
      if (!method) throw new Error(`Stripe setup intent ${cardRef} has no card.`);
      const sub = await api<StripeSubscription>(path(ref), 'subscription update', { form: new URLSearchParams({ default_payment_method: method }) });
      const invoiceRef = idOf(sub.latest_invoice);
      if (!invoiceRef) return null;
      const invoicePath = `/v1/invoices/${encodeURIComponent(invoiceRef)}`;
      const latest = await api<StripeInvoice>(invoicePath, 'invoice lookup');
      if (latest.status !== 'open') return null;
      try {
        return providedInvoice(await api<StripeInvoice>(`${invoicePath}/pay`, 'invoice payment', { form: new URLSearchParams() }), new Date());
      } catch (error) {
        // Paid meanwhile (the return and the webhook both got here): the one that paid it books it.
        if (error instanceof PaymentProviderError && !error.declined && (await api<StripeInvoice>(invoicePath, 'invoice lookup')).status === 'paid') return null;
        throw error;
      }
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      await api(path(ref), 'subscription update', { form: new URLSearchParams({ cancel_at_period_end: String(cancel) }) });
    },
    async changePrice(ref, change) {
      const sub = await api<StripeSubscription>(path(ref), 'subscription lookup');
      const item = sub.items?.data?.[0];
      if (!item) throw new Error(`Stripe subscription ${ref} has no item.`);
      const form = new URLSearchParams({
        'items[0][id]': item.id,
        'items[0][price_data][currency]': item.price.currency,
        'items[0][price_data][product]': item.price.product,
        'items[0][price_data][unit_amount]': String(change.amountCents),
        'items[0][price_data][recurring][interval]': item.price.recurring?.interval ?? 'month',
        // `now`: the prorated difference invoiced and paid at once, refused (402) if the card declines.
        proration_behavior: change.proration === 'now' ? 'always_invoice' : 'none',
      });
      if (change.proration === 'now') form.set('payment_behavior', 'error_if_incomplete');
      for (const [key, value] of Object.entries(change.metadata)) form.set(`metadata[${key}]`, value);
      await api(path(ref), 'subscription update', { form });
    },
    async cancelNow(ref) {
      await api(path(ref), 'subscription cancel', { method: 'DELETE' });
    },
    async cardFingerprint(ref) {
      // The card Checkout saved as the subscription's default payment method.
      const method = idOf((await api<StripeSubscription>(path(ref), 'subscription lookup')).default_payment_method);
      if (!method) return null;
      const card = await api<{ card?: { fingerprint?: string | null } | null }>(`/v1/payment_methods/${encodeURIComponent(method)}`, 'payment method lookup');
      return card.card?.fingerprint ?? null;
    },
    async endTrialNow(ref) {
      // `now`: Stripe ends the trial, invoices the first period and charges it at once (invoice.paid).
      const form = new URLSearchParams({ trial_end: 'now' });
      return provided(await api<StripeSubscription>(path(ref), 'subscription update', { form, idempotencyKey: `end-trial-${ref}` }));
    },
  };
}

const SUBSCRIPTION_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted']);

/** Whether a webhook is about a subscription (the rest are one-off Checkout payments, payments.ts). */
export const isBillingEvent = (event: StripeEvent) =>
  SUBSCRIPTION_EVENTS.has(event.type ?? '') ||
  (event.type === 'checkout.session.completed' && (event.data?.object?.mode === 'subscription' || event.data?.object?.mode === 'setup'));

/** The Stripe subscription an event is about. */
function subscriptionRef(event: StripeEvent): string | undefined {
  const object = event.data?.object;
  if (!object) return undefined;
  if (event.type?.startsWith('customer.subscription.')) return object.id;
  const invoice = object as unknown as StripeInvoice;
  return idOf(invoice.subscription ?? invoice.parent?.subscription_details?.subscription) ?? undefined;
}

/**
 * A paid invoice booked on its subscription, once (keyed by the invoice): a membership's sale (its
 * order, for afterCharge), or a plan's invoice (an upgrade's plan from the invoice's metadata).
 */
async function bookPaidInvoice(ctx: AppContext, tx: Tx, sub: Subscription, invoice: ProviderInvoice) {
  const paid = { amountCents: invoice.amountCents, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd };
  if (sub.subject === 'membership') return membershipPeriodPaid(ctx, tx, sub, { ...paid, providerRef: invoice.ref });
  const plan = invoice.kind === 'upgrade' ? PAID_PLAN_IDS.find((id) => id === invoice.metadata.plan) : undefined;
  await planPeriodPaid(tx, sub, { ...paid, kind: invoice.kind, at: invoice.at, plan });
  return undefined;
}

/**
 * A card checkout completed (the subscriber gave a new card on Stripe's page, cardCheckout): the card
 * becomes the subscription's and its open invoice is paid with it and booked, whichever of the return
 * (confirmSubscriptionCheckout) and the webhook comes first; the other finds the invoice paid. A
 * declined card leaves the subscription as it was (past due, Stripe retrying).
 */
async function finishCardCheckout(ctx: AppContext, billing: SubscriptionBilling, ref: string, cardRef: string, log?: Logger) {
  const invoice = await billing.useNewCard(ref, cardRef);
  if (!invoice) return;
  const charged = await ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscriptionByProviderRef(tx, ref);
    return sub ? bookPaidInvoice(ctx, tx, sub, invoice) : undefined;
  });
  await afterCharge(ctx, charged, log);
}

/**
 * A verified Billing webhook. The event id is written in the transaction that applies it, so a
 * replay changes nothing; the subscription row is made from Stripe's subscription (its metadata) by
 * whichever event comes first, so `invoice.paid` before `checkout.session.completed` works too. A paid
 * invoice books its period once (keyed by the invoice), a failed one for a period already paid is
 * older news and ignored, the cancel flag is read from Stripe's subscription as it is now. False for
 * a subscription that is not ours.
 */
export async function handleBillingEvent(ctx: AppContext, event: StripeEvent, log: Logger): Promise<boolean> {
  const billing = ctx.orders.paymentProvider?.billing;
  const object = event.data?.object as StripeCheckoutSession | undefined;
  if (billing && event.type === 'checkout.session.completed' && object?.mode === 'setup') {
    // The completed session is in the event: its subscription (our metadata) and its card.
    const ref = object.metadata?.subscription;
    const cardRef = idOf(object.setup_intent);
    if (!ref || !cardRef) return false;
    await finishCardCheckout(ctx, billing, ref, cardRef, log).catch((error: unknown) => {
      if (!(error instanceof PaymentProviderError && error.declined)) throw error;
    });
    return true;
  }
  const ref = subscriptionRef(event);
  if (!billing || !ref || !event.id || !event.type) return false;
  const { db } = ctx.database;
  const [known] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.providerRef, ref));
  // Stripe's subscription as it is now: to make the row, and for the cancel flag (events may come out of order).
  let current = !known || event.type === 'customer.subscription.updated' ? await billing.retrieve(ref) : undefined;
  if (!known && current) current = await oneTrialPerBuyer(ctx, billing, ref, current);
  const subject = current?.metadata.subject;
  if (!known && subject !== 'membership' && subject !== 'plan') return false;
  let charged: Awaited<ReturnType<typeof membershipPeriodPaid>>;
  let unwanted = false;
  const handled = await db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id!, type: event.type! }).onConflictDoNothing().returning();
    if (!fresh) return true; // a replay: applied when it first came
    let sub = await lockSubscriptionByProviderRef(tx, ref);
    if (!sub && current) {
      // One we never recorded that has ended already: nothing to keep.
      if (current.status === 'canceled' || current.status === 'other') return false;
      sub = await recordSubscription(ctx, tx, ref, current);
      if (!sub) {
        // A second checkout paid while the first made the membership (two tabs), or the product or
        // account is gone: Stripe must not go on charging for it (its first payment is refunded by hand).
        log.error({ eventId: event.id, subscription: ref }, 'stripe subscription not recorded (already subscribed, or product or account gone): canceling it');
        unwanted = true;
        return false;
      }
    }
    if (!sub) return false;
    const membership = sub.subject === 'membership';
    const now = ctx.clock.now();
    if (event.type === 'invoice.paid') {
      charged = await bookPaidInvoice(ctx, tx, sub, providedInvoice(event.data!.object as unknown as StripeInvoice, now));
    } else if (event.type === 'invoice.payment_failed') {
      const invoice = event.data!.object as unknown as StripeInvoice;
      const start = invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start ?? 0;
      // A renewal whose period was paid since (a retry that went through) is older news.
      if (invoice.billing_reason === 'subscription_cycle' && toDate(start) >= sub.currentPeriodEnd) {
        if (membership) await membershipPaymentFailed(ctx, tx, sub, invoice.amount_due ?? sub.priceCents);
        else await planPaymentFailed(ctx, tx, sub, now);
      }
    } else if (event.type === 'customer.subscription.updated' && current) {
      if (membership) await membershipCancelAtPeriodEnd(tx, sub, current.cancelAtPeriodEnd, now);
      else await planCancelAtPeriodEnd(tx, sub, current.cancelAtPeriodEnd, now);
    } else if (event.type === 'customer.subscription.deleted') {
      const object = event.data!.object as unknown as StripeSubscription;
      const at = object.ended_at ? toDate(object.ended_at) : now;
      if (membership) await membershipEnded(ctx, tx, sub, at);
      else await planEnded(ctx, tx, sub, at);
    }
    return true;
  });
  await afterCharge(ctx, charged, log);
  if (unwanted) await billing.cancelNow(ref).catch((error: unknown) => log.error({ err: error, subscription: ref }, 'canceling the unrecorded stripe subscription failed'));
  return handled;
}

/**
 * One free trial per buyer and product (decision 022), for a new membership Stripe started with a
 * trial, before it is recorded: the fingerprint of its card goes with it (recorded with the trial),
 * unless this account, address or card had a trial of the product already; then the trial ends at
 * once at Stripe (the first period charged now) and the subscription as it is after is recorded,
 * with no trial. One recorded meanwhile (its other event or the member's return) is left as it is.
 */
async function oneTrialPerBuyer(ctx: AppContext, billing: SubscriptionBilling, ref: string, current: ProviderSubscription): Promise<ProviderSubscription> {
  const productId = current.metadata.product_id;
  if (current.status !== 'trialing' || current.metadata.subject !== 'membership' || !productId) return current;
  const { db } = ctx.database;
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, current.metadata.user_id ?? ''));
  if (!user) return current;
  const cardFingerprint = await billing.cardFingerprint(ref);
  if (!(await hadTrial(db, productId, { ...user, cardFingerprint }))) return { ...current, cardFingerprint };
  // Read after the trials: a trial recorded for this very subscription came with its row. A second
  // checkout of a member who has the membership (two tabs) is canceled unrecorded: nothing to charge.
  const [recorded] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.providerRef, ref),
        and(eq(subscriptions.productId, productId), eq(subscriptions.subscriberUserId, user.id), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])),
      ),
    )
    .limit(1);
  if (recorded) return current;
  return billing.endTrialNow(ref);
}

/**
 * The row of Stripe's subscription `ref` made from what its checkout carried (`current`: the subscription
 * as Stripe has it now), locked in `tx`: made here, or by another of its events or the member's return
 * while this waited on it (Stripe sends a new subscription's events at once, and the insert then does
 * nothing): either way it is this subscription's. Undefined when none could be made: the product or
 * account is gone, or the member or account has a live one already (a second checkout).
 */
async function recordSubscription(ctx: AppContext, tx: Tx, ref: string, current: ProviderSubscription) {
  const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, current.metadata.user_id ?? ''));
  const subject = current.metadata.subject;
  if (user && subject === 'membership') await membershipFromProvider(ctx, tx, current, user);
  if (user && subject === 'plan') await planFromProvider(tx, current, user);
  return lockSubscriptionByProviderRef(tx, ref);
}

/**
 * A Stripe Checkout a subscriber came back from (the success URL names the session), applied now rather
 * than when its webhooks come (a second or two later, after the page has loaded): a new membership or
 * plan recorded, if Stripe has the session paid; a new card made the subscription's and its failed
 * renewal paid (a declined card: 402). The subscription, or null while a new one's session is unpaid
 * or when nothing could be recorded (its webhooks then decide: a second checkout's subscription is
 * canceled there). `notFound` for a session that is not this user's checkout of `subject`.
 */
export async function confirmSubscriptionCheckout(
  ctx: AppContext,
  { userId, sessionId, subject, notFound }: { userId: string; sessionId: string; subject: 'membership' | 'plan'; notFound: () => Error },
): Promise<Subscription | null> {
  const billing = ctx.orders.paymentProvider?.billing;
  if (!billing) throw notFound();
  const session = await billing.checkoutSession(sessionId).catch((error: unknown) => {
    if (error instanceof PaymentProviderError && error.status === 404) return undefined;
    if (error instanceof PaymentProviderError) throw new PaymentUnavailableError();
    throw error;
  });
  if (!session || session.metadata.subject !== subject || session.metadata.user_id !== userId) throw notFound();
  const ref = session.subscriptionRef;
  if (session.purpose === 'card') {
    if (!ref) throw notFound();
    if (session.complete && session.cardRef) await atProvider(finishCardCheckout(ctx, billing, ref, session.cardRef));
    const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.providerRef, ref));
    return sub ?? null;
  }
  if (!ref) return null;
  const current = await oneTrialPerBuyer(ctx, billing, ref, await billing.retrieve(ref));
  if (current.status === 'canceled' || current.status === 'other') return null;
  return (await ctx.database.db.transaction((tx) => recordSubscription(ctx, tx, ref, current))) ?? null;
}

/**
 * The recurring `webhooks.purge` also forgets Stripe events received more than 30 days ago: Stripe
 * retries for 3 days, and an older event sent again still books nothing twice (the invoice id).
 */
export async function purgeStripeEvents(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(stripeEvents)
    .where(lt(stripeEvents.receivedAt, new Date(now.getTime() - 30 * 24 * 3600 * 1000)))
    .returning({ id: stripeEvents.id });
  return removed.length;
}

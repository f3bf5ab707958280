// Stripe Billing (decision 027): memberships and the platform's plans as Stripe subscriptions, through
// Stripe's SDK. The provider side of the subscription engine: Checkout in subscription mode, the
// subscription updates a member's or account's action makes, and the Billing webhooks mapped onto the
// provider-neutral steps of the subjects wired in app.ts (ctx.payments.subjects: a period paid, a payment
// failed, the cancel flag, the end). The subjects never see Stripe's objects.
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { stripeEvents, subscriptions } from '../../db/schema/memberships.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AfterCommit, ProviderInvoice, ProviderSubscription, SubscriptionBilling } from './contract.ts';
import { atProvider, PaymentProviderError, PaymentUnavailableError } from './errors.ts';
import { atStripe, idOf } from './stripe-client.ts';
import { lockSubscriptionByProviderRef, type Subscription } from './subscriptions.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

const toDate = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** Stripe's subscription as the subscription engine reads it (its period is its item's). */
function provided(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const known = ['trialing', 'active', 'past_due', 'canceled'] as const;
  return {
    ref: sub.id,
    status: known.find((status) => status === sub.status) ?? 'other',
    currentPeriodStart: toDate(item?.current_period_start ?? 0),
    currentPeriodEnd: toDate(item?.current_period_end ?? 0),
    trialEnd: sub.trial_end ? toDate(sub.trial_end) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    amountCents: item?.price.unit_amount ?? 0,
    currency: (item?.price.currency ?? 'usd').toUpperCase(),
    metadata: sub.metadata ?? {},
    testMode: !sub.livemode,
  };
}

const PLAN_INVOICE_KIND: Record<string, ProviderInvoice['kind']> = { subscription_create: 'subscription', subscription_cycle: 'renewal', subscription_update: 'upgrade' };

/** The subscription of an invoice and its metadata (the invoice's parent in the current API version). */
const invoiceSubscription = (invoice: Stripe.Invoice) => invoice.parent?.subscription_details ?? null;

/** A paid Stripe invoice as the subscription engine books it (its period on its line). */
function providedInvoice(invoice: Stripe.Invoice, now: Date): ProviderInvoice {
  const period = invoice.lines?.data?.[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    ref: invoice.id ?? '',
    amountCents: invoice.amount_paid ?? 0,
    periodStart: toDate(period.start),
    periodEnd: toDate(period.end),
    kind: PLAN_INVOICE_KIND[invoice.billing_reason ?? ''] ?? 'renewal',
    at: invoice.created ? toDate(invoice.created) : now,
    metadata: invoiceSubscription(invoice)?.metadata ?? {},
  };
}

/** Stripe Billing through Stripe's SDK: what the subscription subjects' services call (contract.ts). */
export function stripeBilling(stripe: Stripe): SubscriptionBilling {
  const subscription = (ref: string) => atStripe('subscription lookup', () => stripe.subscriptions.retrieve(ref));
  const update = (ref: string, params: Stripe.SubscriptionUpdateParams, options?: Stripe.RequestOptions) =>
    atStripe('subscription update', () => stripe.subscriptions.update(ref, params, options));
  return {
    async checkout(input) {
      const session = await atStripe('subscription checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            customer_email: input.email,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: input.name.slice(0, 250) },
                  recurring: { interval: input.interval },
                },
              },
            ],
            // On the session and on the subscription: every later event finds who and what it is for.
            metadata: input.metadata,
            subscription_data: { metadata: input.metadata, ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error('Stripe answered without a checkout page.');
      return { url: session.url };
    },
    async retrieve(ref) {
      return provided(await subscription(ref));
    },
    async checkoutSession(sessionId) {
      const session = await atStripe('checkout session lookup', () => stripe.checkout.sessions.retrieve(sessionId));
      const complete = session.status === 'complete';
      const metadata = session.metadata ?? {};
      if (session.mode === 'setup') return { purpose: 'card', complete, subscriptionRef: metadata.subscription ?? null, cardRef: idOf(session.setup_intent), metadata };
      return { purpose: 'subscription', complete, subscriptionRef: complete ? idOf(session.subscription) : null, cardRef: null, metadata };
    },
    async cardCheckout(ref, input) {
      const sub = await subscription(ref);
      const customer = idOf(sub.customer);
      const currency = sub.items.data[0]?.price.currency;
      if (!customer || !currency) throw new Error(`Stripe subscription ${ref} has no customer or price.`);
      // Setup mode: Stripe's page takes a card for the customer, charges nothing (useNewCard does).
      const session = await atStripe('card checkout', () =>
        stripe.checkout.sessions.create(
          { mode: 'setup', customer, currency, success_url: input.successUrl, cancel_url: input.cancelUrl, metadata: { ...input.metadata, subscription: ref } },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error('Stripe answered without a checkout page.');
      return { url: session.url };
    },
    async useNewCard(ref, cardRef) {
      // The card is the SetupIntent's payment method (a setup-mode session's `setup_intent`).
      const intent = await atStripe('setup intent lookup', () => stripe.setupIntents.retrieve(cardRef));
      const method = idOf(intent.payment_method);
      if (!method) throw new Error(`Stripe setup intent ${cardRef} has no card.`);
      const sub = await update(ref, { default_payment_method: method });
      const invoiceRef = idOf(sub.latest_invoice);
      if (!invoiceRef) return null;
      const invoice = () => atStripe('invoice lookup', () => stripe.invoices.retrieve(invoiceRef));
      if ((await invoice()).status !== 'open') return null;
      try {
        return providedInvoice(await atStripe('invoice payment', () => stripe.invoices.pay(invoiceRef)), new Date());
      } catch (error) {
        // Paid meanwhile (the return and the webhook both got here): the one that paid it books it.
        if (error instanceof PaymentProviderError && !error.declined && (await invoice()).status === 'paid') return null;
        throw error;
      }
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      await update(ref, { cancel_at_period_end: cancel });
    },
    async changePrice(ref, change) {
      const sub = await subscription(ref);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${ref} has no item.`);
      const product = idOf(item.price.product);
      if (!product) throw new Error(`Stripe subscription ${ref} has no product.`);
      await update(ref, {
        items: [
          {
            id: item.id,
            price_data: { currency: item.price.currency, product, unit_amount: change.amountCents, recurring: { interval: item.price.recurring?.interval ?? 'month' } },
          },
        ],
        // `now`: the prorated difference invoiced and paid at once, refused (402) if the card declines.
        proration_behavior: change.proration === 'now' ? 'always_invoice' : 'none',
        ...(change.proration === 'now' ? { payment_behavior: 'error_if_incomplete' as const } : {}),
        metadata: change.metadata,
      });
    },
    async cancelNow(ref) {
      await atStripe('subscription cancel', () => stripe.subscriptions.cancel(ref));
    },
    async cardFingerprint(ref) {
      // The card Checkout saved as the subscription's default payment method.
      const method = idOf((await subscription(ref)).default_payment_method);
      if (!method) return null;
      const card = await atStripe('payment method lookup', () => stripe.paymentMethods.retrieve(method));
      return card.card?.fingerprint ?? null;
    },
    async endTrialNow(ref) {
      // `now`: Stripe ends the trial, invoices the first period and charges it at once (invoice.paid).
      return provided(await update(ref, { trial_end: 'now' }, { idempotencyKey: `end-trial-${ref}` }));
    },
  };
}

const SUBSCRIPTION_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted']);

/** Whether a webhook is about a subscription (the rest are one-off Checkout payments, webhooks.ts). */
export const isBillingEvent = (event: Stripe.Event) =>
  SUBSCRIPTION_EVENTS.has(event.type) ||
  (event.type === 'checkout.session.completed' && (event.data.object.mode === 'subscription' || event.data.object.mode === 'setup'));

/** The Stripe subscription an event is about. */
function subscriptionRef(event: Stripe.Event): string | undefined {
  if (event.type.startsWith('customer.subscription.')) return (event.data.object as Stripe.Subscription).id;
  if (event.type.startsWith('invoice.')) return idOf(invoiceSubscription(event.data.object as Stripe.Invoice)?.subscription) ?? undefined;
  if (event.type === 'checkout.session.completed') return idOf(event.data.object.subscription) ?? undefined;
  return undefined;
}

/** A paid invoice booked on its subscription by its subject, once (keyed by the invoice). */
const bookPaidInvoice = (ctx: AppContext, tx: Tx, sub: Subscription, invoice: ProviderInvoice) => ctx.payments.subjects[sub.subject].periodPaid(ctx, tx, sub, invoice);

/** Runs a subject's work after its step committed; a failure is logged only (the step is booked). */
async function afterCommit(work: AfterCommit | undefined, log?: Logger) {
  try {
    await work?.(log);
  } catch (error) {
    if (log) log.error({ err: error }, 'after-commit work of a subscription failed');
    else console.error('After-commit work of a subscription failed', error);
  }
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
  const after = await ctx.database.db.transaction(async (tx) => {
    const sub = await lockSubscriptionByProviderRef(tx, ref);
    return sub ? bookPaidInvoice(ctx, tx, sub, invoice) : undefined;
  });
  await afterCommit(after, log);
}

/** A subscription Stripe started, as its subject will record it (a membership's one trial per buyer). */
async function toRecord(ctx: AppContext, billing: SubscriptionBilling, current: ProviderSubscription): Promise<ProviderSubscription> {
  const subject = current.metadata.subject;
  const before = subject === 'membership' || subject === 'plan' ? ctx.payments.subjects[subject].beforeRecord : undefined;
  return before ? before(ctx, billing, current) : current;
}

/**
 * A verified Billing webhook. The event id is written in the transaction that applies it, so a
 * replay changes nothing; the subscription row is made from Stripe's subscription (its metadata) by
 * whichever event comes first, so `invoice.paid` before `checkout.session.completed` works too. A paid
 * invoice books its period once (keyed by the invoice), a failed one for a period already paid is
 * older news and ignored, the cancel flag is read from Stripe's subscription as it is now. False for
 * a subscription that is not ours.
 */
export async function handleBillingEvent(ctx: AppContext, event: Stripe.Event, log: Logger): Promise<boolean> {
  const billing = ctx.payments.provider?.billing;
  if (billing && event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
    // The completed session is in the event: its subscription (our metadata) and its card.
    const session = event.data.object;
    const ref = session.metadata?.subscription;
    const cardRef = idOf(session.setup_intent);
    if (!ref || !cardRef) return false;
    await finishCardCheckout(ctx, billing, ref, cardRef, log).catch((error: unknown) => {
      if (!(error instanceof PaymentProviderError && error.declined)) throw error;
    });
    return true;
  }
  const ref = subscriptionRef(event);
  if (!billing || !ref) return false;
  const { db } = ctx.database;
  const [known] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.providerRef, ref));
  // Stripe's subscription as it is now: to make the row, and for the cancel flag (events may come out of order).
  let current = !known || event.type === 'customer.subscription.updated' ? await billing.retrieve(ref) : undefined;
  if (!known && current) current = await toRecord(ctx, billing, current);
  const subjectName = current?.metadata.subject;
  if (!known && subjectName !== 'membership' && subjectName !== 'plan') return false;
  let after: AfterCommit | undefined;
  let unwanted = false;
  const handled = await db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
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
    const subject = ctx.payments.subjects[sub.subject];
    const now = ctx.clock.now();
    if (event.type === 'invoice.paid') {
      after = await bookPaidInvoice(ctx, tx, sub, providedInvoice(event.data.object, now));
    } else if (event.type === 'invoice.payment_failed') {
      const invoice = event.data.object;
      const start = invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start;
      // A renewal whose period was paid since (a retry that went through) is older news.
      if (invoice.billing_reason === 'subscription_cycle' && toDate(start) >= sub.currentPeriodEnd) {
        await subject.paymentFailed(ctx, tx, sub, { amountCents: invoice.amount_due ?? sub.priceCents, at: now });
      }
    } else if (event.type === 'customer.subscription.updated' && current) {
      await subject.cancelAtPeriodEnd(ctx, tx, sub, current.cancelAtPeriodEnd, now);
    } else if (event.type === 'customer.subscription.deleted') {
      const endedAt = event.data.object.ended_at;
      await subject.ended(ctx, tx, sub, endedAt ? toDate(endedAt) : now);
    }
    return true;
  });
  await afterCommit(after, log);
  if (unwanted) await billing.cancelNow(ref).catch((error: unknown) => log.error({ err: error, subscription: ref }, 'canceling the unrecorded stripe subscription failed'));
  return handled;
}

/**
 * The row of Stripe's subscription `ref` made by its subject from what its checkout carried (`current`:
 * the subscription as Stripe has it now), locked in `tx`: made here, or by another of its events or the
 * subscriber's return while this waited on it (Stripe sends a new subscription's events at once, and the
 * insert then does nothing): either way it is this subscription's. Undefined when none could be made:
 * the subject's product or account is gone, or there is a live one already (a second checkout).
 */
async function recordSubscription(ctx: AppContext, tx: Tx, ref: string, current: ProviderSubscription) {
  const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, current.metadata.user_id ?? ''));
  const subject = current.metadata.subject;
  if (user && (subject === 'membership' || subject === 'plan')) await ctx.payments.subjects[subject].fromProvider(ctx, tx, current, user);
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
  const billing = ctx.payments.provider?.billing;
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
  const current = await toRecord(ctx, billing, await billing.retrieve(ref));
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

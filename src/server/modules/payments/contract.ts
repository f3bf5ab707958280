// The contract of the payments module: the payment providers (the built-in test provider, Stripe),
// the recurring billing they keep, and the subjects of a subscription (a creator's membership, an
// account's plan) that its engine drives. Payments imports no feature module: app.ts wires them in.
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionSubject } from '#shared/memberships.ts';
import type { PaymentStart } from '#shared/orders-api.ts';
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Connect } from './connect.ts';
import type { Subscription } from './subscriptions.ts';

/** An order as the provider charges it (the orders module's row). */
export type PayableOrder = typeof orders.$inferSelect;

/**
 * How the buyer goes on after an order is made: `card_form` (the built-in test provider: the page
 * shows a card form and posts it back) or `redirect` (Stripe Checkout: the browser goes to its page).
 */
export type { PaymentStart } from '#shared/orders-api.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

/** A subscription as the provider's billing has it (decision 027). */
export interface ProviderSubscription {
  ref: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'other';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** The fingerprint of the card it is paid with, when read (Stripe, to give one trial per card). */
  cardFingerprint?: string | null;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
  currency: string;
  /** What we sent with the checkout (subject, user, product, tier or plan, interval, locale). */
  metadata: Record<string, string>;
  testMode: boolean;
}

/** A paid invoice of a provider's subscription, as the memberships and plans book it. */
export interface ProviderInvoice {
  ref: string;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** Why it was made: the first period, a renewal, or a bigger plan's prorated difference. */
  kind: 'subscription' | 'renewal' | 'upgrade';
  at: Date;
  /** The subscription's metadata on the invoice (a plan upgrade's `plan`). */
  metadata: Record<string, string>;
}

/**
 * Recurring payments kept by the provider (Stripe Billing): it charges the renewals on its own clock
 * and reports them by webhook. The test provider has none: the app's clock drives its subscriptions.
 */
export interface SubscriptionBilling {
  /** A hosted checkout that starts a subscription; its URL for the browser. */
  checkout(input: {
    name: string;
    amountCents: number;
    currency: string;
    interval: 'month' | 'year';
    trialDays: number;
    email: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ url: string }>;
  retrieve(ref: string): Promise<ProviderSubscription>;
  /**
   * A checkout's session: a new subscription's (`subscription`, its ref once paid, null until then) or a
   * new card's for one (`card`, cardCheckout; `cardRef` names the card once given, for useNewCard),
   * whether it is complete, and the metadata it was started with.
   */
  checkoutSession(
    sessionId: string,
  ): Promise<{ purpose: 'subscription' | 'card'; complete: boolean; subscriptionRef: string | null; cardRef: string | null; metadata: Record<string, string> }>;
  /** A hosted page where the subscriber of `ref` gives a new card (Stripe Checkout in setup mode); its URL. */
  cardCheckout(ref: string, input: { successUrl: string; cancelUrl: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<{ url: string }>;
  /**
   * The card a card checkout collected (`cardRef`) becomes subscription `ref`'s, and its open invoice
   * (a failed renewal) is paid with it: that invoice, or null when none was open. A declined card
   * throws PaymentProviderError with `declined`.
   */
  useNewCard(ref: string, cardRef: string): Promise<ProviderInvoice | null>;
  setCancelAtPeriodEnd(ref: string, cancel: boolean): Promise<void>;
  /**
   * A new price (tier or plan): `now` charges the prorated difference at once (a declined card throws
   * PaymentProviderError with `declined` and changes nothing); `none` takes effect at the next renewal.
   */
  changePrice(ref: string, change: { amountCents: number; proration: 'now' | 'none'; metadata: Record<string, string> }): Promise<void>;
  cancelNow(ref: string): Promise<void>;
  /** The fingerprint of the card subscription `ref` is paid with (its default payment method's), or null. */
  cardFingerprint(ref: string): Promise<string | null>;
  /** Ends the trial of `ref` now: the first period is invoiced and charged at once. The subscription after. */
  endTrialNow(ref: string): Promise<ProviderSubscription>;
}

export interface PaymentProvider {
  readonly id: 'test' | 'stripe';
  readonly billing?: SubscriptionBilling;
  /** Payout accounts and transfers to them (Stripe Connect, or the test provider's simulation). */
  readonly connect: Connect;
  /** Called once the order row exists; may record `providerRef` on it (Stripe's session id). */
  start(order: PayableOrder, urls: { successUrl: string; cancelUrl: string }): Promise<PaymentStart & { providerRef?: string }>;
  /**
   * Returns part or all of a paid order's money to the buyer. `reference` names what is refunded
   * (one sale): asking twice with the same reference refunds once.
   */
  refund(order: PayableOrder, refund: { amountCents: number; reference: string }): Promise<void>;
}

/** Work left for after a subject's step has committed (a membership's receipt and realtime event). */
export type AfterCommit = (log?: Logger) => Promise<void>;

/**
 * What a subscription is for, as the subscription engine (stripe-billing.ts) drives it: each step runs in
 * the transaction that applies the provider's event, on the subscription's locked row.
 */
export interface Subject {
  /**
   * Before a new subscription is recorded, outside any transaction: the subscription to record (a
   * membership gives one trial per buyer and ends a second one at the provider).
   */
  beforeRecord?(ctx: AppContext, billing: SubscriptionBilling, provided: ProviderSubscription): Promise<ProviderSubscription>;
  /** Records a subscription the provider started (its checkout's metadata says what for); may record nothing. */
  fromProvider(ctx: AppContext, tx: Tx, provided: ProviderSubscription, user: { id: string; email: string }): Promise<void>;
  /** A paid invoice, booked once: the period it pays. */
  periodPaid(ctx: AppContext, tx: Tx, sub: Subscription, invoice: ProviderInvoice): Promise<AfterCommit | undefined>;
  /** A renewal's payment failed: the grace period starts. */
  paymentFailed(ctx: AppContext, tx: Tx, sub: Subscription, failed: { amountCents: number; at: Date }): Promise<void>;
  /** The subscriber set or cleared the end at the period's end (at the provider). */
  cancelAtPeriodEnd(ctx: AppContext, tx: Tx, sub: Subscription, cancel: boolean, at: Date): Promise<void>;
  /** The provider ended the subscription. */
  ended(ctx: AppContext, tx: Tx, sub: Subscription, at: Date): Promise<void>;
}

/** A completed or expired one-off Checkout Session, for the orders module to pay or fail its order. */
export interface CheckoutSessionEvent {
  id: string;
  type: string;
  session: {
    id: string;
    client_reference_id?: string | null;
    payment_status?: string;
    amount_total?: number | null;
    currency?: string | null;
    total_details?: { amount_tax?: number | null } | null;
    customer_details?: { address?: { country?: string | null } | null; tax_ids?: { value?: string | null }[] | null } | null;
  };
  /** The payment it made (Stripe's PaymentIntent), which its disputes name; null before it is paid. */
  paymentRef: string | null;
}

/** A dispute (chargeback) of a payment, opened or closed at the provider. */
export interface ProviderDispute {
  ref: string;
  /** The payment disputed (Stripe's PaymentIntent). */
  paymentRef: string;
  amountCents: number;
  reason: string | null;
  /** `open` while it runs; `won` or `lost` once closed. */
  status: 'open' | 'won' | 'lost';
}

/**
 * What the payments module works with, made once in app.ts and passed on the AppContext as `payments`:
 * the deployment's provider, the subjects of subscriptions, and who is told of one-off checkouts.
 */
export interface PaymentsWiring {
  /** Stripe, the built-in test provider, or undefined when payments are not set up (providers.ts). */
  provider: PaymentProvider | undefined;
  subjects: Readonly<Record<SubscriptionSubject, Subject>>;
  /** A one-off Checkout Session's event: true when it was about an order (paid or failed it). */
  checkoutSession(ctx: AppContext, event: CheckoutSessionEvent, log: Logger): Promise<boolean>;
  /** A dispute of a payment opened or closed: true when it was about an order of ours. */
  dispute(ctx: AppContext, dispute: ProviderDispute, log: Logger): Promise<boolean>;
}

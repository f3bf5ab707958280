// The contract between the payments module (orders, payment providers, webhooks) and what is
// paid for: marketplace checkouts (commerce) and invoices (billing). Both sides code against it.
import type { PaymentStart } from '#shared/orders-api.ts';
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AppError } from '../../platform/errors.ts';
import type { DownloadLinks } from './download-links.ts';

export type Order = typeof orders.$inferSelect;
export type OrderKind = Order['kind'];

/** A card as typed into the test provider's form. */
export interface CardDetails {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
}

/**
 * How the buyer goes on after an order is made: `card_form` (the built-in test provider: the page
 * shows a card form and posts it back) or `redirect` (Stripe Checkout: the browser goes to its page).
 */
export type { PaymentStart } from '#shared/orders-api.ts';

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
  /** Called once the order row exists; may record `providerRef` on it (Stripe's session id). */
  start(order: Order, urls: { successUrl: string; cancelUrl: string }): Promise<PaymentStart & { providerRef?: string }>;
  /**
   * Returns part or all of a paid order's money to the buyer. `reference` names what is refunded
   * (one sale): asking twice with the same reference refunds once.
   */
  refund(order: Order, refund: { amountCents: number; reference: string }): Promise<void>;
}

/** What paying an order of one kind does (markOrderPaid, service.ts). */
export interface OrderFulfilment {
  /**
   * Runs in the same transaction that turns the order from pending to paid, exactly once per
   * order (a replayed confirmation or webhook finds the order already paid and does nothing).
   * Throwing rolls the payment's bookkeeping back.
   */
  fulfil(ctx: AppContext, tx: Tx, order: Order): Promise<void>;
  /** Runs after the paid order's transaction committed: mails, realtime events. Failures are logged only. */
  afterPaid?(ctx: AppContext, order: Order): Promise<void>;
  /** The error the payer sees when another order for the same thing was paid a moment earlier. */
  alreadyPaid?(): AppError;
}

/**
 * What the orders module works with, made once in app.ts and passed on the AppContext as `orders`:
 * the deployment's payment provider, the download-link signer, and the fulfilment of each order kind.
 */
export interface OrdersWiring {
  /** Stripe, the built-in test provider, or undefined when payments are not set up (providers.ts). */
  paymentProvider: PaymentProvider | undefined;
  downloadLinks: DownloadLinks;
  fulfilments: Readonly<Record<OrderKind, OrderFulfilment>>;
}

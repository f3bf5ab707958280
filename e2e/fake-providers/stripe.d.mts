export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  /** Set once the session is paid. */
  payment_intent?: string;
  amount_subtotal: number;
  /** With the tax of Stripe Tax (automatic_tax) when it is on. */
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  automatic_tax: { enabled: boolean; status: 'complete' | null };
  customer_details: { address: { country: string }; tax_ids: { type: 'eu_vat'; value: string }[] } | null;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  line_items: { quantity?: string; price_data: { currency?: string; unit_amount: string; product_data: { name: string } } }[];
  url: string;
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  /** A Connect event's connected account. */
  account?: string;
  data: { object: Record<string, unknown> };
}

export interface FakeStripeDelivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export interface FakeStripePrice {
  id: string;
  object: 'price';
  product: string;
  currency: string;
  unit_amount: number;
  recurring: { interval: 'day' | 'week' | 'month' | 'year' };
}

export interface FakeStripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_end: number | null;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; quantity: number; price: FakeStripePrice; current_period_start: number; current_period_end: number }[] };
  latest_invoice?: string;
  livemode: false;
  created: number;
}

export interface FakeStripeInvoice {
  id: string;
  object: 'invoice';
  subscription: string;
  customer: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  currency: string;
  subtotal: number;
  amount_due: number;
  amount_paid: number;
  status: 'paid' | 'open';
  attempt_count: number;
  period_start: number;
  period_end: number;
  lines: { object: 'list'; data: { amount: number; period: { start: number; end: number } }[] };
  subscription_details: { metadata: Record<string, string> };
  created: number;
}

export interface FakeStripeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  /** The card typed on the page (digits). */
  card: string;
  /** Negative: a credit (a cheaper price's proration) taken off the next invoice. */
  balance: number;
  failNext: boolean;
}

export interface FakeStripeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  country: string;
  /** Lowercase, of its country: usd (US), gbp (GB), eur (the euro area), else the local currency, or usd. */
  default_currency: string;
  business_type: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    errors: unknown[];
    current_deadline: number | null;
    disabled_reason: 'requirements.past_due' | 'requirements.pending_verification' | null;
  };
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' } & Record<string, 'active' | 'inactive' | 'pending'>;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeStripeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  balance_transaction: string;
  currency: string;
  destination_payment_refund: string;
  metadata: Record<string, string>;
  source_refund: null;
  transfer: string;
  created: number;
}

export interface FakeStripeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  metadata: Record<string, string>;
  /** Newest first. */
  reversals: { object: 'list'; data: FakeStripeTransferReversal[]; has_more: false; total_count: number; url: string };
  reversed: boolean;
  source_transaction: string | null;
  source_type: 'card';
  transfer_group: string | null;
  livemode: false;
  created: number;
}

export interface FakeStripePayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'paid' | 'pending' | 'in_transit' | 'failed';
  arrival_date: number;
  automatic: boolean;
  balance_transaction: string;
  destination: string;
  failure_code: string | null;
  failure_message: string | null;
  method: 'standard';
  type: 'bank_account';
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeStripeBalance {
  object: 'balance';
  available: { amount: number; currency: string; source_types: { card: number } }[];
  pending: { amount: number; currency: string; source_types: { card: number } }[];
  livemode: false;
}

export interface FakeStripePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: 'succeeded';
  amount: number;
  amount_received: number;
  currency: string;
  latest_charge: string;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  paid: true;
  status: 'succeeded';
  payment_intent: string;
  transfer_group: string | null;
  created: number;
}

export interface FakeStripe {
  url: string;
  apiKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeStripeSession>;
  refunds: FakeStripeRefund[];
  /** Makes every new refund fail with this message (Stripe's 400); '' lets them through again. */
  /** The address buyers type on Stripe's page and the rate Stripe Tax finds for it (basis points, default FR at 2000). */
  setTaxAddress(next: { country?: string; rateBps?: number; vatNumber?: string }): void;
  refuseRefunds(message: string): void;
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  events: FakeStripeEvent[];
  deliveries: FakeStripeDelivery[];
  setWebhookUrl(url: string): void;
  /** Pays a session and delivers its signed checkout.session.completed event. */
  complete(sessionId: string): Promise<FakeStripeDelivery>;
  customers: Map<string, FakeStripeCustomer>;
  subscriptions: Map<string, FakeStripeSubscription>;
  invoices: Map<string, FakeStripeInvoice>;
  /** Stripe's clock reaches the subscription's period end: renewal (paid, or 'failed' as a declining card), or its end. */
  renew(subscriptionId: string, options?: { outcome?: 'paid' | 'failed' }): Promise<{ subscription: FakeStripeSubscription; invoice?: FakeStripeInvoice }>;
  /** Retries an open invoice (the card was updated): paid, the subscription active again. */
  payInvoice(invoiceId: string): Promise<FakeStripeInvoice>;
  /** Keeps new events undelivered (true), to deliver them later in any order with `deliver`. */
  hold(next: boolean): void;
  replay(eventId: string): Promise<FakeStripeDelivery>;
  deliver(event: FakeStripeEvent, options?: { timestamp?: number }): Promise<FakeStripeDelivery>;
  /** Connect: connected accounts, transfers (with their reversals), payouts (with the account they left, `account`). */
  accounts: Map<string, FakeStripeAccount>;
  transfers: Map<string, FakeStripeTransfer>;
  payouts: Map<string, FakeStripePayout & { account: string }>;
  /** The PaymentIntents and charges of paid payment-mode sessions (a charge is a transfer's source_transaction). */
  paymentIntents: Map<string, FakeStripePaymentIntent>;
  charges: Map<string, FakeStripeCharge>;
  /** An account's Balance as GET /v1/balance answers it (no id: the platform's). */
  balance(accountId?: string): FakeStripeBalance;
  /** Submits an account's onboarding (a link's id or URL, or the account's id) as its page's form does; delivers account.updated. */
  completeOnboarding(linkOrAccount: string, options?: { outcome?: 'verified' | 'pending' }): Promise<FakeStripeAccount>;
  /** POST /_test/accounts/{id}: changes an account's state and delivers account.updated. */
  updateAccount(
    accountId: string,
    changes?: {
      details_submitted?: boolean;
      charges_enabled?: boolean;
      payouts_enabled?: boolean;
      currently_due?: string[];
      transfers?: 'active' | 'inactive' | 'pending';
      /** 'pending': onboarding leaves payouts off until payouts_enabled: true or 'verified'. */
      verification?: 'pending' | 'verified';
    },
  ): Promise<FakeStripeAccount>;
  /** POST /_test/accounts/{id}/payout: pays out each currency's whole available balance (payout.paid, .created, .updated or .failed). */
  payout(accountId: string, options?: { status?: 'paid' | 'pending' | 'in_transit' | 'failed' }): Promise<FakeStripePayout[]>;
  /** POST /_test/payouts/{id}: a pending or in-transit payout reaches a status. */
  settlePayout(payoutId: string, status: 'paid' | 'in_transit' | 'failed'): Promise<FakeStripePayout>;
  close(): Promise<void>;
}

export declare function signPayload(secret: string, payload: string, timestamp?: number): string;
/** `now`: the fake's clock in milliseconds (a test's movable clock); the system's by default. */
export declare function startFakeStripe(options?: { port?: number; apiKey?: string; webhookSecret?: string; webhookUrl?: string; now?: () => number }): Promise<FakeStripe>;

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
  close(): Promise<void>;
}

export declare function signPayload(secret: string, payload: string, timestamp?: number): string;
/** `now`: the fake's clock in milliseconds (a test's movable clock); the system's by default. */
export declare function startFakeStripe(options?: { port?: number; apiKey?: string; webhookSecret?: string; webhookUrl?: string; now?: () => number }): Promise<FakeStripe>;

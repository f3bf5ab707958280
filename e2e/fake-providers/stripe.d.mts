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
  replay(eventId: string): Promise<FakeStripeDelivery>;
  deliver(event: FakeStripeEvent, options?: { timestamp?: number }): Promise<FakeStripeDelivery>;
  close(): Promise<void>;
}

export declare function signPayload(secret: string, payload: string, timestamp?: number): string;
export declare function startFakeStripe(options?: { port?: number; apiKey?: string; webhookSecret?: string; webhookUrl?: string }): Promise<FakeStripe>;

import { DISCOUNT_HOLD_MINUTES } from '#shared/discounts.ts';
import { paymentMode, type PaymentMode } from '#shared/orders-payment-mode.ts';
import type { Config } from '../../config.ts';
import type { Order, PaymentProvider } from './contract.ts';
import { stripeBilling } from './stripe-billing.ts';

/** The embedded default: the page shows a card form and posts the test card back (POST /api/orders/{id}/pay). */
export const testProvider: PaymentProvider = {
  id: 'test',
  async start() {
    return { type: 'card_form' };
  },
  // Test cards move no money, so there is none to return.
  async refund() {},
};

export class PaymentProviderError extends Error {
  /** Stripe answered 402: the card was declined (a subscription change paid at once). */
  readonly declined: boolean;
  /** Stripe's HTTP status when it answered (404: no such object); undefined when it could not be reached. */
  readonly status: number | undefined;
  constructor(message: string, options: { declined?: boolean; status?: number } = {}) {
    super(message);
    this.declined = options.declined ?? false;
    this.status = options.status;
  }
}

export type StripeApi = <T>(path: string, action: string, call?: { form?: URLSearchParams; idempotencyKey?: string; method?: 'DELETE' }) => Promise<T>;

/** Calls to Stripe's HTTP API (no SDK): each answers its JSON, or throws PaymentProviderError when unreachable or refused. */
export function stripeApiClient(options: { secretKey: string; apiBase: string; fetch?: typeof fetch }): StripeApi {
  const request = options.fetch ?? fetch;
  return async function stripeApi<T>(path: string, action: string, call: { form?: URLSearchParams; idempotencyKey?: string; method?: 'DELETE' } = {}): Promise<T> {
    let response: Response;
    try {
      response = await request(new URL(path, options.apiBase), {
        method: call.method ?? (call.form ? 'POST' : 'GET'),
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          ...(call.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          ...(call.idempotencyKey ? { 'Idempotency-Key': call.idempotencyKey } : {}),
        },
        body: call.form?.toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Stripe could not be reached: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!response.ok || !body) {
      throw new PaymentProviderError(`Stripe refused the ${action} (${response.status}): ${body?.error?.message ?? 'no answer'}`, { declined: response.status === 402, status: response.status });
    }
    return body;
  };
}

/** What an order's lines are called on Stripe's payment page. */
function lineItems(order: Order): { name: string; amountCents: number }[] {
  if (order.items.length > 0) return order.items.map((item) => ({ name: item.name, amountCents: item.priceCents }));
  return [{ name: order.kind === 'invoice' ? `Invoice ${order.invoiceId ?? order.id}` : `Order ${order.id}`, amountCents: order.totalCents }];
}

/**
 * Stripe Checkout through its HTTP API (no SDK): a Checkout Session per order, paid on Stripe's page;
 * the signed `checkout.session.completed` webhook marks the order paid.
 */
export function stripeProvider(options: { secretKey: string; apiBase: string; automaticTax?: boolean; fetch?: typeof fetch }): PaymentProvider {
  const stripeApi = stripeApiClient(options);

  return {
    id: 'stripe',
    billing: stripeBilling(stripeApi),
    async start(order, urls) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        customer_email: order.buyerEmail,
        client_reference_id: order.id,
        'metadata[order_id]': order.id,
        'metadata[kind]': order.kind,
      });
      // A discount code's use is held while the session lasts (discounts/service.ts liveUse): Stripe's
      // shortest session, 30 minutes (DISCOUNT_HOLD_MINUTES), and a minute for the two clocks to differ.
      if (order.discountCode) form.set('expires_at', String(Math.floor(Date.now() / 1000) + (DISCOUNT_HOLD_MINUTES + 1) * 60));
      // Stripe Tax adds the tax of the buyer's address on its page (products; an invoice is paid as billed).
      if (options.automaticTax && order.kind === 'products') {
        form.set('automatic_tax[enabled]', 'true');
        form.set('billing_address_collection', 'required');
        form.set('tax_id_collection[enabled]', 'true');
      }
      for (const [index, line] of lineItems(order).entries()) {
        form.set(`line_items[${index}][quantity]`, '1');
        form.set(`line_items[${index}][price_data][currency]`, order.currency.toLowerCase());
        form.set(`line_items[${index}][price_data][unit_amount]`, String(line.amountCents));
        form.set(`line_items[${index}][price_data][product_data][name]`, line.name.slice(0, 250));
      }
      // A retried start for the same order makes one session.
      const session = await stripeApi<{ id?: string; url?: string }>('/v1/checkout/sessions', 'checkout session', {
        form,
        idempotencyKey: `checkout-${order.id}`,
      });
      if (!session.id || !session.url) throw new PaymentProviderError('Stripe answered without a checkout session.');
      return { type: 'redirect', url: session.url, providerRef: session.id };
    },
    async refund(order, { amountCents, reference }) {
      if (!order.providerRef) throw new PaymentProviderError(`Order ${order.id} has no Stripe session.`);
      // The session knows the PaymentIntent its payment made; the refund is made against that.
      const session = await stripeApi<{ payment_intent?: string | null }>(`/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}`, 'session lookup');
      if (!session.payment_intent) throw new PaymentProviderError(`Stripe session ${order.providerRef} has no payment.`);
      const form = new URLSearchParams({ payment_intent: session.payment_intent, amount: String(amountCents), 'metadata[reference]': reference });
      await stripeApi('/v1/refunds', 'refund', { form, idempotencyKey: `refund-${reference}` });
    },
  };
}

type PaymentConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'STRIPE_AUTOMATIC_TAX' | 'ALLOW_TEST_PAYMENTS' | 'isProduction'>;

/** Stripe, the test provider or none (see `paymentMode`): what checkout, /pay and the admin overview go by. */
export function paymentModeOf(config: PaymentConfig): PaymentMode {
  return paymentMode({ stripeConfigured: Boolean(config.STRIPE_SECRET_KEY), isProduction: config.isProduction, allowTestPayments: config.ALLOW_TEST_PAYMENTS });
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (its webhook secret is then required); else the test provider
 * outside production or with ALLOW_TEST_PAYMENTS; else none (payments are not set up).
 */
export function providerFromConfig(config: PaymentConfig): PaymentProvider | undefined {
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set.');
    return stripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE, automaticTax: config.STRIPE_AUTOMATIC_TAX });
  }
  return paymentModeOf(config) === 'test' ? testProvider : undefined;
}

import type { Config } from '../../config.ts';
import type { Order, PaymentProvider } from './contract.ts';

/** The embedded default: the page shows a card form and posts the test card back (POST /api/orders/{id}/pay). */
export const testProvider: PaymentProvider = {
  id: 'test',
  async start() {
    return { type: 'card_form' };
  },
};

export class PaymentProviderError extends Error {}

/** What an order's lines are called on Stripe's payment page. */
function lineItems(order: Order): { name: string; amountCents: number }[] {
  if (order.items.length > 0) return order.items.map((item) => ({ name: item.name, amountCents: item.priceCents }));
  return [{ name: order.kind === 'invoice' ? `Invoice ${order.invoiceId ?? order.id}` : `Order ${order.id}`, amountCents: order.totalCents }];
}

/**
 * Stripe Checkout through its HTTP API (no SDK): a Checkout Session per order, paid on Stripe's page;
 * the signed `checkout.session.completed` webhook marks the order paid.
 */
export function stripeProvider(options: { secretKey: string; apiBase: string; fetch?: typeof fetch }): PaymentProvider {
  const request = options.fetch ?? fetch;
  return {
    id: 'stripe',
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
      for (const [index, line] of lineItems(order).entries()) {
        form.set(`line_items[${index}][quantity]`, '1');
        form.set(`line_items[${index}][price_data][currency]`, 'usd');
        form.set(`line_items[${index}][price_data][unit_amount]`, String(line.amountCents));
        form.set(`line_items[${index}][price_data][product_data][name]`, line.name.slice(0, 250));
      }
      let response: Response;
      try {
        response = await request(new URL('/v1/checkout/sessions', options.apiBase), {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.secretKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            // A retried start for the same order makes one session.
            'Idempotency-Key': `checkout-${order.id}`,
          },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new PaymentProviderError(`Stripe could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as { id?: string; url?: string; error?: { message?: string } } | null;
      if (!response.ok || !body?.id || !body.url) {
        throw new PaymentProviderError(`Stripe refused the checkout session (${response.status}): ${body?.error?.message ?? 'no session'}`);
      }
      return { type: 'redirect', url: body.url, providerRef: body.id };
    },
  };
}

/** Stripe when STRIPE_SECRET_KEY is set (its webhook secret is then required), else the test provider. */
export function providerFromConfig(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) return testProvider;
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set.');
  return stripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE });
}

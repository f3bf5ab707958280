import { DISCOUNT_HOLD_MINUTES } from '#shared/discounts.ts';
import { paymentMode, type PaymentMode } from '#shared/orders-payment-mode.ts';
import type { Config } from '../../config.ts';
import type Stripe from 'stripe';
import type { PayableOrder, PaymentProvider } from './contract.ts';
import { stripeConnect, testConnect } from './connect.ts';
import { PaymentProviderError } from './errors.ts';
import { stripeBilling } from './stripe-billing.ts';
import { atStripe, idOf, stripeClient } from './stripe-client.ts';

/** The embedded default: the page shows a card form and posts the test card back (POST /api/orders/{id}/pay). */
export const testProvider: PaymentProvider = {
  id: 'test',
  connect: testConnect,
  async start() {
    return { type: 'card_form' };
  },
  // Test cards move no money, so there is none to return.
  async refund() {},
};

/** What an order's lines are called on Stripe's payment page. */
function lineItems(order: PayableOrder): { name: string; amountCents: number }[] {
  if (order.items.length > 0) return order.items.map((item) => ({ name: item.name, amountCents: item.priceCents }));
  return [{ name: order.kind === 'invoice' ? `Invoice ${order.invoiceId ?? order.id}` : `Order ${order.id}`, amountCents: order.totalCents }];
}

/**
 * Stripe Checkout through Stripe's SDK: a Checkout Session per order, paid on Stripe's page; the
 * signed `checkout.session.completed` webhook marks the order paid (webhooks.ts).
 */
export function stripeProvider(options: { secretKey: string; apiBase: string; automaticTax?: boolean }): PaymentProvider {
  const stripe = stripeClient(options);

  return {
    id: 'stripe',
    billing: stripeBilling(stripe),
    connect: stripeConnect(stripe),
    async start(order, urls) {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        customer_email: order.buyerEmail,
        client_reference_id: order.id,
        metadata: { order_id: order.id, kind: order.kind },
        line_items: lineItems(order).map((line) => ({
          quantity: 1,
          price_data: { currency: order.currency.toLowerCase(), unit_amount: line.amountCents, product_data: { name: line.name.slice(0, 250) } },
        })),
      };
      // A discount code's use is held while the session lasts (discounts/service.ts liveUse): Stripe's
      // shortest session, 30 minutes (DISCOUNT_HOLD_MINUTES), and a minute for the two clocks to differ.
      if (order.discountCode) params.expires_at = Math.floor(Date.now() / 1000) + (DISCOUNT_HOLD_MINUTES + 1) * 60;
      // Stripe Tax adds the tax of the buyer's address on its page (products; an invoice is paid as billed).
      if (options.automaticTax && order.kind === 'products') {
        params.automatic_tax = { enabled: true };
        params.billing_address_collection = 'required';
        params.tax_id_collection = { enabled: true };
      }
      // A retried start for the same order makes one session.
      const session = await atStripe('checkout session', () => stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${order.id}` }));
      if (!session.id || !session.url) throw new PaymentProviderError('Stripe answered without a checkout session.');
      return { type: 'redirect', url: session.url, providerRef: session.id };
    },
    async refund(order, { amountCents, reference }) {
      if (!order.providerRef) throw new PaymentProviderError(`Order ${order.id} has no Stripe session.`);
      // The session knows the PaymentIntent its payment made; the refund is made against that.
      const session = await atStripe('session lookup', () => stripe.checkout.sessions.retrieve(order.providerRef!));
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new PaymentProviderError(`Stripe session ${order.providerRef} has no payment.`);
      await atStripe('refund', () =>
        stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents, metadata: { reference } }, { idempotencyKey: `refund-${reference}` }),
      );
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

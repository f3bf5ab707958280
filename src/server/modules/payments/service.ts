// What feature modules ask of the payments module: the provider's billing of a subscription, a
// refund through the provider an order was paid with, and the start-up word on how payments are taken.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PayableOrder } from './contract.ts';
import { PaymentProviderError, PaymentUnavailableError, RefundUnavailableError } from './errors.ts';
import { paymentModeOf } from './providers.ts';
import type { Subscription } from './subscriptions.ts';

/** Says at start how payments are taken when that needs an operator's attention. */
export function announcePaymentMode(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): void {
  const mode = paymentModeOf(config);
  if (mode === 'test' && config.isProduction) {
    log.warn('ALLOW_TEST_PAYMENTS is on in production: checkout and invoices take test cards, no money moves, and that money is never paid out.');
  } else if (mode === 'none') {
    log.warn('Payments are not set up (no STRIPE_SECRET_KEY): checkout and invoice payments answer 503 until Stripe is configured.');
  }
}

/** The provider's billing for a subscription it keeps (a member's or account's action calls it); undefined for the test provider's. */
export function subscriptionBilling(ctx: AppContext, sub: Pick<Subscription, 'provider' | 'providerRef'>) {
  if (sub.provider === 'test' || !sub.providerRef) return undefined;
  const billing = ctx.payments.provider?.billing;
  if (!billing) throw new PaymentUnavailableError();
  return { billing, ref: sub.providerRef };
}

/**
 * Returns `amountCents` of a paid order to the buyer through the provider it was paid with, before
 * the caller records the refund; the same `reference` twice refunds once (the provider's idempotency).
 */
export async function refundPayment(ctx: AppContext, order: PayableOrder, refund: { amountCents: number; reference: string }): Promise<void> {
  if (refund.amountCents === 0) return;
  const provider = ctx.payments.provider;
  // An order paid with test cards (Stripe or no provider configured since) moved no money.
  if (order.provider === 'test' && provider?.id !== 'test') return;
  if (!provider || order.provider !== provider.id) throw new RefundUnavailableError();
  try {
    await provider.refund(order, refund);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new RefundUnavailableError();
    throw error;
  }
}

// Confirming a payment: the test provider's card form (POST /api/orders/:id/pay) and Stripe's
// signed webhook. Both end in markOrderPaid (service.ts), which fulfils the order once.
import type { FastifyBaseLogger } from 'fastify';
import { checkTestCard, ORDER_MESSAGES } from '#shared/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { CardDetails, Order } from './contract.ts';
import type { Subscription } from '../memberships/queries.ts';
import { paymentModeOf, PaymentProviderError } from './providers.ts';
import { getOrder, getOrderByProviderRef, markOrderFailed, markOrderPaid, PAYMENT_NOT_COMPLETED, PaymentsNotSetUpError, PaymentUnavailableError, recordDecline } from './service.ts';
import { handleBillingEvent, isBillingEvent } from './stripe-billing.ts';
import { recheckHeldUse } from '../discounts/service.ts';
import { verifyStripeSignature } from './stripe-signature.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

/** The provider's billing for a subscription it keeps (a member's or account's action calls it); undefined for the test provider's. */
export function subscriptionBilling(ctx: AppContext, sub: Pick<Subscription, 'provider' | 'providerRef'>) {
  if (sub.provider === 'test' || !sub.providerRef) return undefined;
  const billing = ctx.orders.paymentProvider?.billing;
  if (!billing) throw new PaymentUnavailableError();
  return { billing, ref: sub.providerRef };
}

/** A provider call for a member's or account's action, its answer; its refusal answers 502 (a declined card 402). */
export async function atProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error.declined ? new CardDeclinedError() : new PaymentUnavailableError();
    throw error;
  }
}

/** A test card (or the provider) refused the charge: a checkout's, a membership's or a plan's. */
export class CardDeclinedError extends AppError {
  constructor(message: string = ORDER_MESSAGES.cardDeclined) {
    super(402, 'card_declined', message);
  }
}

export async function existingOrder(ctx: AppContext, id: string): Promise<Order> {
  const order = await getOrder(ctx, id);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.orderNotFound, 'order_not_found');
  return order;
}

/**
 * Pays a test-provider order with a test card: 402 when declined (the order stays pending, the
 * decline noted), 400 for a malformed card; paying a paid order again changes nothing.
 */
export async function payWithTestCard(ctx: AppContext, orderId: string, card: CardDetails, log: Logger): Promise<{ status: 'paid' }> {
  const order = await existingOrder(ctx, orderId);
  if (order.provider !== 'test') throw new BadRequestError(ORDER_MESSAGES.notCardOrder, 'not_card_order');
  if (order.status === 'paid') return { status: 'paid' }; // a repeated confirmation changes nothing
  // A test order made while test cards were taken cannot be paid once they are not (production, Stripe).
  const mode = paymentModeOf(ctx.config);
  if (mode === 'none') throw new PaymentsNotSetUpError();
  if (mode !== 'test') throw new BadRequestError(ORDER_MESSAGES.notCardOrder, 'not_card_order');
  if (order.status !== 'pending') throw new ConflictError(ORDER_MESSAGES.orderNotPending, 'order_not_pending');
  const check = checkTestCard(card);
  if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
  if (check.declined) {
    await recordDecline(ctx, order.id, ORDER_MESSAGES.cardDeclined);
    throw new CardDeclinedError();
  }
  // An unpaid checkout holds a code's use for a while only: after that, it is paid only if a use is left.
  await markOrderPaid(ctx, order.id, log, undefined, (tx) => recheckHeldUse(tx, order, ctx.clock.now()));
  const current = await existingOrder(ctx, order.id);
  if (current.status !== 'paid') throw new ConflictError(ORDER_MESSAGES.orderNotPending, 'order_not_pending');
  return { status: 'paid' };
}

interface StripeEvent {
  id?: string;
  type?: string;
  data?: {
    object?: {
      id?: string;
      mode?: string;
      client_reference_id?: string | null;
      payment_status?: string;
      amount_total?: number | null;
      currency?: string | null;
      /** Stripe Tax's tax (STRIPE_AUTOMATIC_TAX), on top of the order's total. */
      total_details?: { amount_tax?: number | null } | null;
      customer_details?: { address?: { country?: string | null } | null; tax_ids?: { value?: string }[] | null } | null;
    };
  };
}

/**
 * A Stripe webhook, its signature checked over the exact bytes sent: a completed Checkout Session
 * pays its order, an expired or failed one fails it. `handled` is false for events about no order of ours.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  payload: Buffer,
  signature: string | undefined,
  log: Logger,
): Promise<{ received: true; handled: boolean }> {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new NotFoundError('Stripe is not configured.', 'stripe_not_configured');
  if (!verifyStripeSignature(signature, payload, secret)) {
    throw new BadRequestError('The webhook signature is not valid.', 'invalid_signature');
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(payload.toString('utf8')) as StripeEvent;
  } catch {
    throw new BadRequestError('The webhook body is not JSON.', 'invalid_payload');
  }
  // Memberships and plans (Stripe Billing, decision 027).
  if (isBillingEvent(event)) return { received: true, handled: await handleBillingEvent(ctx, event, log) };
  const session = event.data?.object;
  const order = session?.id ? await getOrderByProviderRef(ctx, session.id) : undefined;
  if (!order || !session) return { received: true, handled: false };
  if (session.client_reference_id !== order.id) {
    log.error({ orderId: order.id, eventId: event.id }, 'stripe session does not belong to its order');
    return { received: true, handled: false };
  }
  const paidEvent =
    (event.type === 'checkout.session.completed' && session.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded';
  if (paidEvent) {
    // Stripe Tax's tax comes on top of a product order's total; once booked, the total includes it.
    const taxCents = order.kind === 'products' && order.status === 'pending' ? (session.total_details?.amount_tax ?? 0) : 0;
    if (session.amount_total !== order.totalCents + taxCents || (session.currency && session.currency.toUpperCase() !== order.currency)) {
      log.error({ orderId: order.id, eventId: event.id, amount: session.amount_total, currency: session.currency }, 'stripe amount differs from the order');
      return { received: true, handled: false };
    }
    const details = session.customer_details;
    const tax = taxCents > 0 ? { taxCents, country: details?.address?.country ?? null, vatNumber: details?.tax_ids?.[0]?.value ?? null } : undefined;
    await markOrderPaid(ctx, order.id, log, tax);
    return { received: true, handled: true };
  }
  if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    await markOrderFailed(ctx, order.id, PAYMENT_NOT_COMPLETED);
    return { received: true, handled: true };
  }
  return { received: true, handled: false };
}

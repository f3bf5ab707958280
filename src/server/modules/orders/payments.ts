// Confirming a payment: the test provider's card form (POST /api/orders/:id/pay) and Stripe's
// Checkout Session events (payments/webhooks.ts). Both end in markOrderPaid (service.ts), which
// fulfils the order once.
import type { FastifyBaseLogger } from 'fastify';
import { checkTestCard, ORDER_MESSAGES } from '#shared/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recheckHeldUse } from '../discounts/service.ts';
import type { CheckoutSessionEvent } from '../payments/contract.ts';
import { CardDeclinedError, PaymentsNotSetUpError } from '../payments/errors.ts';
import { paymentModeOf } from '../payments/providers.ts';
import type { CardDetails, Order } from './contract.ts';
import { getOrder, getOrderByProviderRef, markOrderFailed, markOrderPaid, PAYMENT_NOT_COMPLETED, recordDecline, setPaymentRef } from './service.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

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

/**
 * A one-off Checkout Session's event (payments/webhooks.ts, signature checked): a completed session
 * pays its order, an expired or failed one fails it. False for a session of no order of ours.
 */
export async function handleCheckoutSession(ctx: AppContext, event: CheckoutSessionEvent, log: Logger): Promise<boolean> {
  const { session, paymentRef } = event;
  const order = session?.id ? await getOrderByProviderRef(ctx, session.id) : undefined;
  if (!order) return false;
  if (session.client_reference_id !== order.id) {
    log.error({ orderId: order.id, eventId: event.id }, 'stripe session does not belong to its order');
    return false;
  }
  const paidEvent =
    (event.type === 'checkout.session.completed' && session.payment_status === 'paid') || event.type === 'checkout.session.async_payment_succeeded';
  if (paidEvent) {
    // Stripe Tax's tax comes on top of a product order's total; once booked, the total includes it.
    const taxCents = order.kind === 'products' && order.status === 'pending' ? (session.total_details?.amount_tax ?? 0) : 0;
    if (session.amount_total !== order.totalCents + taxCents || (session.currency && session.currency.toUpperCase() !== order.currency)) {
      log.error({ orderId: order.id, eventId: event.id, amount: session.amount_total, currency: session.currency }, 'stripe amount differs from the order');
      return false;
    }
    const details = session.customer_details;
    const tax = taxCents > 0 ? { taxCents, country: details?.address?.country ?? null, vatNumber: details?.tax_ids?.[0]?.value ?? null } : undefined;
    // Its payment, for the disputes that may name it later.
    if (paymentRef && !order.paymentRef) await setPaymentRef(ctx, order.id, paymentRef);
    await markOrderPaid(ctx, order.id, log, tax);
    return true;
  }
  if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    await markOrderFailed(ctx, order.id, PAYMENT_NOT_COMPLETED);
    return true;
  }
  return false;
}

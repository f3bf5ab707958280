import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardSchema, checkTestCard, ORDER_MESSAGES } from '#shared/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { Order } from './contract.ts';
import { paymentModeOf } from './providers.ts';
import { announcePaymentMode, getOrder, getOrderByProviderRef, markOrderFailed, markOrderPaid, PaymentsNotSetUpError, recordDecline } from './service.ts';
import { verifyStripeSignature } from './stripe-signature.ts';

const orderParams = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9]{16,64}$/, ORDER_MESSAGES.orderNotFound) });

class CardDeclinedError extends AppError {
  constructor(message: string) {
    super(402, 'card_declined', message);
  }
}

/** An order as anyone holding its id may see it: no buyer details, no provider references. */
function publicOrder(order: Order) {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    totalCents: order.totalCents,
    provider: order.provider,
    failureMessage: order.failureMessage,
    items: order.items.map((item) => ({ productId: item.productId, name: item.name, priceCents: item.priceCents })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

interface StripeEvent {
  id?: string;
  type?: string;
  data?: { object?: { id?: string; client_reference_id?: string | null; payment_status?: string; amount_total?: number | null } };
}

export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  announcePaymentMode(ctx.config, app.log);

  async function existingOrder(id: string) {
    const order = await getOrder(ctx, id);
    if (!order) throw new NotFoundError(ORDER_MESSAGES.orderNotFound, 'order_not_found');
    return order;
  }

  // The order id (24 random characters) is the capability: whoever started the checkout holds it.
  typed.get('/api/orders/:id', { schema: { params: orderParams } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { order: publicOrder(await existingOrder(request.params.id)) };
  });

  typed.post('/api/orders/:id/pay', { schema: { params: orderParams, body: z.object({ card: cardSchema }) } }, async (request) => {
    const order = await existingOrder(request.params.id);
    if (order.provider !== 'test') throw new BadRequestError(ORDER_MESSAGES.notCardOrder, 'not_card_order');
    if (order.status === 'paid') return { status: 'paid' as const }; // a repeated confirmation changes nothing
    // A test order made while test cards were taken cannot be paid once they are not (production, Stripe).
    const mode = paymentModeOf(ctx.config);
    if (mode === 'none') throw new PaymentsNotSetUpError();
    if (mode !== 'test') throw new BadRequestError(ORDER_MESSAGES.notCardOrder, 'not_card_order');
    if (order.status !== 'pending') throw new ConflictError(ORDER_MESSAGES.orderNotPending, 'order_not_pending');
    const check = checkTestCard(request.body.card);
    if (!check.ok) throw new BadRequestError(check.message, `card_${check.field}_invalid`);
    if (check.declined) {
      await recordDecline(ctx, order.id, ORDER_MESSAGES.cardDeclined);
      throw new CardDeclinedError(ORDER_MESSAGES.cardDeclined);
    }
    await markOrderPaid(ctx, order.id, request.log);
    const current = await existingOrder(order.id);
    if (current.status !== 'paid') throw new ConflictError(ORDER_MESSAGES.orderNotPending, 'order_not_pending');
    return { status: 'paid' as const };
  });

  // Stripe signs the exact bytes it sends, so this route reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

    webhook.post('/api/payments/stripe/webhook', async (request, reply) => {
      const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new NotFoundError('Stripe is not configured.', 'stripe_not_configured');
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      if (!verifyStripeSignature(Array.isArray(header) ? header[0] : header, payload, secret)) {
        throw new BadRequestError('The webhook signature is not valid.', 'invalid_signature');
      }
      let event: StripeEvent;
      try {
        event = JSON.parse(payload.toString('utf8')) as StripeEvent;
      } catch {
        throw new BadRequestError('The webhook body is not JSON.', 'invalid_payload');
      }
      const session = event.data?.object;
      const order = session?.id ? await getOrderByProviderRef(ctx, session.id) : undefined;
      if (!order || !session) return reply.send({ received: true, handled: false });
      if (session.client_reference_id !== order.id) {
        request.log.error({ orderId: order.id, eventId: event.id }, 'stripe session does not belong to its order');
        return reply.send({ received: true, handled: false });
      }
      const paidEvent =
        (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (paidEvent) {
        if (session.amount_total !== order.totalCents) {
          request.log.error({ orderId: order.id, eventId: event.id, amount: session.amount_total }, 'stripe amount differs from the order');
          return reply.send({ received: true, handled: false });
        }
        await markOrderPaid(ctx, order.id, request.log);
        return reply.send({ received: true, handled: true });
      }
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        await markOrderFailed(ctx, order.id, 'The payment was not completed.');
        return reply.send({ received: true, handled: true });
      }
      return reply.send({ received: true, handled: false });
    });
  });
}

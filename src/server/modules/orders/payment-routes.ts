import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardSchema } from '#shared/orders-forms.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { orderAnswerSchema, orderPaidSchema, type PublicOrder } from '#shared/orders-api.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Order } from './contract.ts';
import { existingOrder, payWithTestCard } from './payments.ts';

const orderParams = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9]{16,64}$/, ORDER_MESSAGES.orderNotFound) });

/** An order as anyone holding its id may see it: no buyer details, no provider references. */
function publicOrder(order: Order): PublicOrder {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    totalCents: order.totalCents,
    taxCents: order.taxCents,
    currency: order.currency,
    // A text column that createOrder fills with the provider's id or 'none'.
    provider: order.provider as PublicOrder['provider'],
    failureMessage: order.failureMessage,
    items: order.items.map((item) => ({ productId: item.productId, name: item.name, priceCents: item.priceCents })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/** An order's page and its payment with the test provider's card form (Stripe's webhook: payments/routes.ts). */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The order id (24 random characters) is the capability: whoever started the checkout holds it.
  typed.get('/api/orders/:id', { schema: { params: orderParams, response: { 200: orderAnswerSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { order: publicOrder(await existingOrder(ctx, request.params.id)) };
  });

  typed.post(
    '/api/orders/:id/pay',
    { schema: { params: orderParams, body: z.object({ card: cardSchema }), response: { 200: orderPaidSchema } } },
    async (request) => payWithTestCard(ctx, request.params.id, request.body.card, request.log),
  );

}

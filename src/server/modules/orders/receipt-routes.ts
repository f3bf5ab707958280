import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '#shared/api-contract.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { receiptLinkSchema, receiptSchema } from '#shared/orders-api.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { openReceipt, receiptDownload, receiptLinkForPayer, revokeReceiptLinks } from './receipts.ts';

const orderParams = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9]{16,64}$/, ORDER_MESSAGES.orderNotFound) });
// 32 random bytes in base64url; anything else is no token of ours.
const token = z.string().regex(/^[\w-]{43}$/, ORDER_MESSAGES.receiptNotFound);
const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });

/** Receipt pages (receipts.ts): opened by their token, made for the payer, revoked by the seller. */
export async function receiptRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/api/orders/:id/receipt-link', { schema: { params: orderParams, response: { 200: receiptLinkSchema } } }, async (request) =>
    receiptLinkForPayer(ctx, request.params.id),
  );

  typed.get('/api/receipts/:token', { schema: { params: z.object({ token }), response: { 200: receiptSchema } } }, async (request, reply) => {
    // The download links in it are signed for this opening only.
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    return openReceipt(ctx, request.params.token);
  });

  typed.get('/api/receipts/:token/downloads/:saleId', { schema: { params: z.object({ token, saleId: z.uuid(ORDER_MESSAGES.receiptNotFound) }) } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    return reply.redirect(await receiptDownload(ctx, request.params.token, request.params.saleId), 303);
  });

  typed.post('/api/sales/:id/receipt-links/revoke', { schema: { params: saleParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await revokeReceiptLinks(ctx, user, request.params.id);
    return reply.status(204).send(null);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '#shared/api-contract.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { libraryLinkSchema, receiptBuyerDetailsSchema, receiptLinkSchema, receiptResendSchema, receiptSchema } from '#shared/orders-api.ts';
import { checkoutSchema, receiptBuyerSchema } from '#shared/orders-forms.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailLanguage } from '../../platform/mail-language.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { openReceipt, receiptDownload, receiptLinkForPayer, resendReceipts, revokeReceiptLinks, saveReceiptBuyer, sendLibraryLink, storeReceiptPdfOf } from './receipts.ts';

const orderParams = z.object({ id: z.string().regex(/^ord_[A-Za-z0-9]{16,64}$/, ORDER_MESSAGES.orderNotFound) });
// 32 random bytes in base64url; anything else is no token of ours.
const token = z.string().regex(/^[\w-]{43}$/, ORDER_MESSAGES.receiptNotFound);
const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });

/** Receipt pages (receipts.ts): opened by their token (with the buyer's details and PDF receipts), made for the payer, revoked by the seller. */
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

  typed.put('/api/receipts/:token/buyer', { schema: { params: z.object({ token }), body: receiptBuyerSchema, response: { 200: receiptBuyerDetailsSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return saveReceiptBuyer(ctx, request.params.token, request.body);
  });

  typed.get('/api/receipts/:token/stores/:storeId/pdf', { schema: { params: z.object({ token, storeId: z.string().min(1).max(64) }) } }, async (request, reply) => {
    const { fileName, pdf } = await storeReceiptPdfOf(ctx, request.params.token, request.params.storeId);
    return sendDownload(reply, { body: pdf, fileName, type: 'application/pdf' });
  });

  // The same answer for every address: whether it bought anything is not told.
  typed.post('/api/receipts/resend', { schema: { body: z.object({ email: checkoutSchema.shape.email }), response: { 200: receiptResendSchema } } }, async (request) => {
    const user = await getSessionUser(ctx.auth, request);
    await resendReceipts(ctx, request.body.email, mailSender(request, user), await mailLanguage(ctx.database.db, request, user));
    return { sent: true as const };
  });

  // "Add to my library": the receipt's address gets a sign-in link; the token is the capability.
  typed.post('/api/receipts/:token/library-link', { schema: { params: z.object({ token }), response: { 200: libraryLinkSchema } } }, async (request) => {
    await sendLibraryLink(ctx, request.params.token, mailSender(request, await getSessionUser(ctx.auth, request)));
    return { sent: true as const };
  });

  typed.post('/api/sales/:id/receipt-links/revoke', { schema: { params: saleParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await revokeReceiptLinks(ctx, user, request.params.id);
    return reply.status(204).send(null);
  });
}

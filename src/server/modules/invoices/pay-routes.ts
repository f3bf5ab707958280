import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_MESSAGES, isValidEmail, paymentPath } from '#shared/invoices.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { getSessionUser } from '../../platform/session.ts';
import { createOrder } from '../orders/service.ts';
import { getInvoiceWithCreator } from './invoice-queries.ts';
import { InvoiceNotFoundError, isInvoiceId, notPayableError } from './invoices.ts';
import { toPublicInvoice } from './presenters.ts';

const params = z.object({ invoiceId: z.string().max(100) });

/** The public payment page's API: anyone holding the unguessable link may see and pay the invoice. */
export async function payRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function invoiceWithCreator(id: string) {
    const row = isInvoiceId(id) ? await getInvoiceWithCreator(db, id) : undefined;
    if (!row) throw new InvoiceNotFoundError();
    return row;
  }

  typed.get('/api/pay/:invoiceId', { schema: { params } }, async (request, reply) => {
    const { invoice, creatorName } = await invoiceWithCreator(request.params.invoiceId);
    reply.header('Cache-Control', 'no-store');
    return { invoice: toPublicInvoice(invoice, creatorName) };
  });

  // Starts one payment attempt; the pending check here is for a clear message, the payment's own
  // transaction (the invoice fulfiller) is what makes two payments at once into one.
  typed.post(
    '/api/pay/:invoiceId/orders',
    {
      schema: { params, body: z.object({ email: z.string().max(254).optional() }).default({}) },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
            new AppError(429, 'rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
        },
      },
    },
    async (request, reply) => {
      const { invoice } = await invoiceWithCreator(request.params.invoiceId);
      if (invoice.status !== 'pending') throw notPayableError(invoice);
      const typedEmail = request.body.email?.trim() ?? '';
      if (!invoice.clientEmail && !isValidEmail(typedEmail)) throw new BadRequestError(INVOICE_MESSAGES.payerEmailInvalid, 'invalid_email');
      const buyer = await getSessionUser(ctx.auth, request);
      const receiptTo = invoice.clientEmail || typedEmail;
      if (receiptTo.toLowerCase() !== buyer?.email.toLowerCase()) await ctx.mailThrottle.take(receiptTo, mailSender(request, buyer));
      const { order, start } = await createOrder(ctx, {
        kind: 'invoice',
        buyerEmail: receiptTo,
        buyerUserId: buyer?.id ?? null,
        invoiceId: invoice.id,
        totalCents: invoice.totalCents,
        successPath: `${paymentPath(invoice.id)}?order={orderId}`,
        cancelPath: paymentPath(invoice.id),
      });
      return reply.status(201).send({ order: { id: order.id, totalCents: order.totalCents, status: order.status }, start });
    },
  );
}

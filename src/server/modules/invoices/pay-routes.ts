import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_MESSAGES } from '#shared/invoices.ts';
import { invoicePaymentSchema, payableInvoiceAnswerSchema } from '#shared/invoices-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser } from '../../platform/session.ts';
import { getPayableInvoice, payableInvoicePdf, startInvoicePayment } from './invoices.ts';
import { toInvoicePayment, toPublicInvoice } from './presenters.ts';
import { attributionOf } from '../links/attribution.ts';

const params = z.object({ invoiceId: z.string().max(100) });

/** The public payment page's API: anyone holding the unguessable link may see and pay the invoice. */
export async function payRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/pay/:invoiceId', { schema: { params, response: { 200: payableInvoiceAnswerSchema } } }, async (request, reply) => {
    const { invoice, ...creator } = await getPayableInvoice(db, request.params.invoiceId);
    reply.header('Cache-Control', 'no-store');
    return { invoice: toPublicInvoice(invoice, creator) };
  });

  // The payer's PDF copy (Download PDF on the payment page); the same access rule as the page.
  typed.get('/api/pay/:invoiceId/pdf', { schema: { params } }, async (request, reply) => {
    const { fileName, pdf } = await payableInvoicePdf(ctx, request.params.invoiceId);
    return sendDownload(reply, { body: pdf, fileName, type: 'application/pdf' });
  });

  // Starts one payment attempt of the invoice (startInvoicePayment).
  typed.post(
    '/api/pay/:invoiceId/orders',
    {
      schema: { params, body: z.object({ email: z.string().max(254).optional() }).default({}), response: { 201: invoicePaymentSchema } },
      config: {
        rateLimit: requestLimit({ max: 30, message: INVOICE_MESSAGES.tooManyPayments }),
      },
    },
    async (request, reply) => {
      const buyer = await getSessionUser(ctx.auth, request);
      const { order, start } = await startInvoicePayment(ctx, request.params.invoiceId, {
        email: request.body.email,
        buyer,
        sender: mailSender(request, buyer),
        attribution: attributionOf(request.headers.cookie),
      });
      return reply.status(201).send(toInvoicePayment(order, start));
    },
  );
}

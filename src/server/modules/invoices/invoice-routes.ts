import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceAnswerSchema, invoiceListSchema, invoiceSentSchema } from '#shared/invoices-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { requestLanguage } from '../../platform/mail-language.ts';
import { requireUser } from '../../platform/session.ts';
import { listOwnInvoices } from './invoice-queries.ts';
import { createInvoice, createPaymentRequest, getOwnInvoice, markPaidByCreator, ownInvoicePdf, sendInvoiceToClient } from './invoices.ts';
import { toOwnInvoice } from './presenters.ts';

// Typed values stay loose here: the shared rule answers every bad one with the spec's message.
const loose = z.union([z.string().max(50), z.number()]).nullable().default('');
const invoiceBody = z.object({
  clientName: z.string().max(500).default(''),
  clientEmail: z.string().max(500).default(''),
  description: z.string().max(5000).default(''),
  items: z
    .array(z.object({ name: z.string().max(500).default(''), quantity: loose, unitPrice: loose }))
    .max(100)
    .default([]),
});
const paymentRequestBody = z.object({ amount: loose, description: z.string().max(500).default('') });
const idParams = z.object({ id: z.string().max(100) });

/** A creator's own invoices (any other creator's answer 404 and stay unchanged). */
export async function creatorInvoiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const origin = ctx.config.PUBLIC_URL;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/invoices', { schema: { response: { 200: invoiceListSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return { items: (await listOwnInvoices(db, user.id)).map((invoice) => toOwnInvoice(invoice, origin)) };
  });

  typed.post('/api/invoices', { schema: { body: invoiceBody, response: { 201: invoiceAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const invoice = await createInvoice(ctx, user.id, request.body);
    return reply.status(201).send({ invoice: toOwnInvoice(invoice, origin) });
  });

  typed.post(
    '/api/invoices/payment-requests',
    { schema: { body: paymentRequestBody, response: { 201: invoiceAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const invoice = await createPaymentRequest(ctx, user.id, request.body);
      return reply.status(201).send({ invoice: toOwnInvoice(invoice, origin) });
    },
  );

  typed.get('/api/invoices/:id', { schema: { params: idParams, response: { 200: invoiceAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return { invoice: toOwnInvoice(await getOwnInvoice(db, user.id, request.params.id), origin) };
  });

  typed.post('/api/invoices/:id/mark-paid', { schema: { params: idParams, response: { 200: invoiceAnswerSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { invoice: toOwnInvoice(await markPaidByCreator(ctx, user.id, request.params.id), origin) };
  });

  typed.post('/api/invoices/:id/send', { schema: { params: idParams, response: { 200: invoiceSentSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return sendInvoiceToClient(ctx, user.id, request.params.id, requestLanguage(request));
  });

  typed.get('/api/invoices/:id/pdf', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const { fileName, pdf } = await ownInvoicePdf(ctx, user.id, request.params.id);
    return sendDownload(reply, { body: pdf, fileName, type: 'application/pdf' });
  });
}

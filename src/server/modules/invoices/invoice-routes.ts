import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentUrl } from '#shared/invoices.ts';
import type { AppContext } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { requireUser } from '../../platform/session.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { getInvoiceWithCreator, getOwnInvoice, listOwnInvoices } from './invoice-queries.ts';
import {
  announceInvoice,
  createInvoice,
  createPaymentRequest,
  InvoiceNotFoundError,
  isInvoiceId,
  markPaidByCreator,
  sendInvoiceToClient,
} from './invoices.ts';
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

  async function ownInvoice(userId: string, id: string) {
    const invoice = isInvoiceId(id) ? await getOwnInvoice(db, userId, id) : undefined;
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  typed.get('/api/invoices', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return { items: (await listOwnInvoices(db, user.id)).map((invoice) => toOwnInvoice(invoice, origin)) };
  });

  typed.post('/api/invoices', { schema: { body: invoiceBody } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const invoice = await createInvoice(db, user.id, request.body);
    await announceInvoice(ctx, invoice);
    return reply.status(201).send({ invoice: toOwnInvoice(invoice, origin) });
  });

  typed.post('/api/invoices/payment-requests', { schema: { body: paymentRequestBody } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const invoice = await createPaymentRequest(db, user.id, request.body);
    await announceInvoice(ctx, invoice);
    return reply.status(201).send({ invoice: toOwnInvoice(invoice, origin) });
  });

  typed.get('/api/invoices/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return { invoice: toOwnInvoice(await ownInvoice(user.id, request.params.id), origin) };
  });

  typed.post('/api/invoices/:id/mark-paid', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const invoice = await markPaidByCreator(db, user.id, request.params.id);
    await announceInvoice(ctx, invoice);
    return { invoice: toOwnInvoice(invoice, origin) };
  });

  typed.post('/api/invoices/:id/send', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return sendInvoiceToClient(ctx, user.id, request.params.id);
  });

  typed.get('/api/invoices/:id/pdf', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const invoice = await ownInvoice(user.id, request.params.id);
    const row = (await getInvoiceWithCreator(db, invoice.id))!;
    const pdf = invoicePdf(invoice, { creatorName: row.creatorName, creatorEmail: row.creatorEmail, payUrl: paymentUrl(origin, invoice.id) });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`${invoice.id}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
}

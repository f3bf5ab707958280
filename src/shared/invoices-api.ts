/** The invoices routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { INVOICE_KINDS, INVOICE_STATUSES } from './invoices.ts';

/** A stored line (`InvoiceLine`); the quantity may be fractional (hours, for example). */
export const invoiceLineSchema = z.object({ name: z.string(), quantity: z.number(), unitPriceCents: z.number().int() });

const invoiceFields = {
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  clientName: z.string(),
  description: z.string(),
  items: z.array(invoiceLineSchema),
  totalCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
};

/** An invoice as its creator sees it, with the payment link to share. */
export const invoiceSchema = z.object({ ...invoiceFields, clientEmail: z.string(), payUrl: z.string() });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ items: z.array(invoiceSchema) });
export const invoiceAnswerSchema = z.object({ invoice: invoiceSchema });
/** The client's address the invoice was mailed to. */
export const invoiceSentSchema = z.object({ sentTo: z.string() });

/**
 * What the public payment page shows, like a hosted invoice: the creator's name and contact e-mail
 * (the one the invoice mail already gives the client), not the client's e-mail (a link may be forwarded).
 */
export const payableInvoiceSchema = z.object({
  ...invoiceFields,
  creatorName: z.string(),
  creatorEmail: z.string(),
  /** Whether the page must ask the payer for an e-mail (a payment request has no client yet). */
  needsEmail: z.boolean(),
});
export type PayableInvoice = z.infer<typeof payableInvoiceSchema>;
export const payableInvoiceAnswerSchema = z.object({ invoice: payableInvoiceSchema });

/** How the payer goes on: the built-in test provider's card form, or the provider's page (Stripe Checkout). */
export const paymentStartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card_form') }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** A payment attempt of an invoice: its order and how to go on paying. */
export const invoicePaymentSchema = z.object({
  order: z.object({ id: z.string(), totalCents: z.number().int(), currency: currencySchema, status: z.enum(['pending', 'paid', 'failed']) }),
  start: paymentStartSchema,
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const INVOICES_API = {
  'GET /api/invoices': invoiceListSchema,
  'POST /api/invoices': invoiceAnswerSchema,
  'POST /api/invoices/payment-requests': invoiceAnswerSchema,
  'GET /api/invoices/:id': invoiceAnswerSchema,
  'POST /api/invoices/:id/mark-paid': invoiceAnswerSchema,
  'POST /api/invoices/:id/send': invoiceSentSchema,
  'GET /api/pay/:invoiceId': payableInvoiceAnswerSchema,
  'POST /api/pay/:invoiceId/orders': invoicePaymentSchema,
} as const satisfies ApiRoutes;

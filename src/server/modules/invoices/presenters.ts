import { paymentUrl } from '#shared/invoices.ts';
import type { Invoice as InvoiceAnswer, InvoicePayment, PayableInvoice, PaymentStart } from '#shared/invoices-api.ts';
import type { Order } from '../orders/contract.ts';
import type { Invoice } from './invoice-queries.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An invoice as its creator sees it, with the payment link to share. */
export function toOwnInvoice(invoice: Invoice, origin: string): InvoiceAnswer {
  return {
    id: invoice.id,
    kind: invoice.kind,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    description: invoice.description,
    items: invoice.items,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    createdAt: invoice.createdAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: iso(invoice.paidAt),
    payUrl: paymentUrl(origin, invoice.id),
  };
}

/** What the public payment page needs: the creator's name and contact e-mail, not the client's e-mail. */
export function toPublicInvoice(invoice: Invoice, creator: { creatorName: string; creatorEmail: string }): PayableInvoice {
  return {
    id: invoice.id,
    kind: invoice.kind,
    creatorName: creator.creatorName,
    creatorEmail: creator.creatorEmail,
    clientName: invoice.clientName,
    description: invoice.description,
    items: invoice.items,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    createdAt: invoice.createdAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: iso(invoice.paidAt),
    needsEmail: !invoice.clientEmail,
  };
}

/** A payment attempt of an invoice: the order (no buyer details) and how the payer goes on. */
export function toInvoicePayment(order: Order, start: PaymentStart): InvoicePayment {
  return { order: { id: order.id, totalCents: order.totalCents, currency: order.currency, status: order.status }, start };
}

import { describePayoutMethod } from '#shared/payouts.ts';
import { paymentUrl } from '#shared/invoices.ts';
import type { Invoice } from './invoice-queries.ts';
import type { Payout } from '../payouts/payouts.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An invoice as its creator sees it, with the payment link to share. */
export function toOwnInvoice(invoice: Invoice, origin: string) {
  return {
    id: invoice.id,
    kind: invoice.kind,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    description: invoice.description,
    items: invoice.items,
    totalCents: invoice.totalCents,
    status: invoice.status,
    createdAt: invoice.createdAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: iso(invoice.paidAt),
    payUrl: paymentUrl(origin, invoice.id),
  };
}

/** What the public payment page needs: no client e-mail, no creator account details beyond the name. */
export function toPublicInvoice(invoice: Invoice, creatorName: string) {
  return {
    id: invoice.id,
    kind: invoice.kind,
    creatorName,
    clientName: invoice.clientName,
    description: invoice.description,
    items: invoice.items,
    totalCents: invoice.totalCents,
    status: invoice.status,
    createdAt: invoice.createdAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: iso(invoice.paidAt),
    /** Whether the page must ask the payer for an e-mail (a payment request has no client yet). */
    needsEmail: !invoice.clientEmail,
  };
}

export function toOwnPayout(payout: Payout) {
  return {
    id: payout.id,
    amountCents: payout.amountCents,
    method: payout.method,
    methodLabel: describePayoutMethod(payout.method),
    status: payout.status,
    requestedAt: payout.requestedAt.toISOString(),
    processedAt: iso(payout.processedAt),
  };
}

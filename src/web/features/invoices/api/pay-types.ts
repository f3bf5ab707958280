import type { InvoiceLine } from '#shared/invoices.ts';

/** An invoice as its payment page shows it (GET /api/pay/{invoiceId}). */
export interface PayableInvoice {
  id: string;
  kind: 'invoice' | 'payment_request';
  creatorName: string;
  clientName: string;
  description: string;
  items: InvoiceLine[];
  totalCents: number;
  status: 'pending' | 'paid' | 'cancelled';
  createdAt: string;
  dueAt: string;
  paidAt: string | null;
  needsEmail: boolean;
}

export type PaymentStart = { type: 'card_form' } | { type: 'redirect'; url: string };

export const payInvoiceQueryKey = (invoiceId: string) => ['pay', invoiceId] as const;

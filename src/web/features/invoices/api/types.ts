import type { InvoiceLine } from '#shared/invoices.ts';

export type InvoiceStatus = 'pending' | 'paid' | 'cancelled';

/** An invoice as its creator sees it (GET /api/invoices). */
export interface Invoice {
  id: string;
  kind: 'invoice' | 'payment_request';
  clientName: string;
  clientEmail: string;
  description: string;
  items: InvoiceLine[];
  totalCents: number;
  status: InvoiceStatus;
  createdAt: string;
  dueAt: string;
  paidAt: string | null;
  payUrl: string;
}

export const INVOICES_QUERY_KEY = ['invoices'] as const;

export type { Invoice } from '#shared/invoices-api.ts';
export type { InvoiceStatus } from '#shared/invoices.ts';

export const INVOICES_QUERY_KEY = ['invoices'] as const;

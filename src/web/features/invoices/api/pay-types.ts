export type { InvoicePayment, PayableInvoice, PaymentStart } from '#shared/invoices-api.ts';

export const payInvoiceQueryKey = (invoiceId: string) => ['pay', invoiceId] as const;

// Invoices and payment requests: creating them, marking them paid (by hand or by a payment),
// mailing them to the client.
import { INVOICE_MESSAGES, INVOICE_ID_PATTERN, invoiceDueDate, paymentUrl, validateInvoice, validatePaymentAmount, type InvoiceInput } from '#shared/invoices.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import type { Order } from '../orders/contract.ts';
import { formatDate, formatMoney } from './invoice-pdf.ts';
import { getInvoiceWithCreator, getOwnInvoice, insertInvoice, markPendingInvoicePaid, type Invoice } from './invoice-queries.ts';

export const INVOICE_EVENT = 'invoices.changed';

export class InvoiceNotFoundError extends NotFoundError {
  constructor() {
    super(INVOICE_MESSAGES.invoiceNotFound, 'invoice_not_found');
  }
}

/** Why an invoice cannot be paid again, as a 409. */
export function notPayableError(invoice: Pick<Invoice, 'status'>): ConflictError {
  return invoice.status === 'cancelled'
    ? new ConflictError(INVOICE_MESSAGES.cancelled, 'invoice_cancelled')
    : new ConflictError(INVOICE_MESSAGES.alreadyPaid, 'invoice_already_paid');
}

/** A malformed id is treated like an unknown one. */
export const isInvoiceId = (id: string) => INVOICE_ID_PATTERN.test(id);

export async function createInvoice(db: Executor, userId: string, input: InvoiceInput): Promise<Invoice> {
  const result = validateInvoice(input);
  if (!result.ok) throw new BadRequestError(result.message, result.code);
  const createdAt = new Date();
  return insertInvoice(db, {
    id: prefixedId('inv'),
    userId,
    kind: 'invoice',
    ...result.value,
    status: 'pending',
    createdAt,
    dueAt: invoiceDueDate(createdAt),
  });
}

/** The overview's "Generate payment link": an amount and a description, no client yet. */
export async function createPaymentRequest(db: Executor, userId: string, input: { amount: unknown; description?: unknown }): Promise<Invoice> {
  const amount = validatePaymentAmount(input.amount);
  if (!amount.ok) throw new BadRequestError(amount.message, amount.code);
  const cents = amount.cents;
  const description = typeof input.description === 'string' ? input.description.trim().slice(0, 200) : '';
  const createdAt = new Date();
  return insertInvoice(db, {
    id: prefixedId('inv'),
    userId,
    kind: 'payment_request',
    description,
    items: [{ name: description || 'Payment', quantity: 1, unitPriceCents: cents }],
    totalCents: cents,
    status: 'pending',
    createdAt,
    dueAt: invoiceDueDate(createdAt),
  });
}

/** The creator's Mark as Paid (a payment received elsewhere): only their own pending invoices. */
export async function markPaidByCreator(db: Executor, userId: string, id: string): Promise<Invoice> {
  const updated = isInvoiceId(id) ? await markPendingInvoicePaid(db, id, userId) : undefined;
  if (updated) return updated;
  const existing = isInvoiceId(id) ? await getOwnInvoice(db, userId, id) : undefined;
  if (!existing) throw new InvoiceNotFoundError();
  throw notPayableError(existing);
}

/**
 * The payments module's fulfiller for invoice orders, inside the payment's transaction: the
 * pending invoice becomes paid; one that is already paid or cancelled throws, rolling the payment back.
 */
export async function fulfilInvoiceOrder(tx: Tx, order: Order): Promise<void> {
  if (!order.invoiceId) throw new Error(`Invoice order ${order.id} has no invoice.`);
  const paid = await markPendingInvoicePaid(tx, order.invoiceId);
  if (paid) {
    if (paid.totalCents !== order.totalCents) throw new Error(`Order ${order.id} does not match the total of invoice ${paid.id}.`);
    return;
  }
  const existing = await getInvoiceWithCreator(tx, order.invoiceId);
  if (!existing) throw new InvoiceNotFoundError();
  throw notPayableError(existing.invoice);
}

/** After the payment committed: the creator's open invoice lists update. */
export async function announceInvoicePaid(ctx: AppContext, order: Order): Promise<void> {
  if (!order.invoiceId) return;
  const row = await getInvoiceWithCreator(ctx.database.db, order.invoiceId);
  if (row) await announceInvoice(ctx, row.invoice);
}

export const announceInvoice = (ctx: AppContext, invoice: Invoice) =>
  ctx.realtime.publish(userChannel(invoice.userId), INVOICE_EVENT, { id: invoice.id, status: invoice.status });

/** E-mails the invoice with its payment link to the client. */
export async function sendInvoiceToClient(ctx: AppContext, userId: string, id: string): Promise<{ sentTo: string }> {
  const invoice = isInvoiceId(id) ? await getOwnInvoice(ctx.database.db, userId, id) : undefined;
  if (!invoice) throw new InvoiceNotFoundError();
  if (!invoice.clientEmail) throw new BadRequestError(INVOICE_MESSAGES.noClientEmail, 'no_client_email');
  await ctx.mailThrottle.take(invoice.clientEmail, { userId });
  const row = (await getInvoiceWithCreator(ctx.database.db, id))!;
  const link = paymentUrl(ctx.config.PUBLIC_URL, invoice.id);
  const lines = invoice.items.map((item) => `- ${item.name}: ${item.quantity} × ${formatMoney(item.unitPriceCents)}`);
  const state =
    invoice.status === 'paid'
      ? 'This invoice has been paid. Thank you!'
      : invoice.status === 'cancelled'
        ? 'This invoice has been cancelled.'
        : `Pay it online by ${formatDate(invoice.dueAt)}:\n${link}`;
  await ctx.mailer.send({
    to: invoice.clientEmail,
    subject: `Invoice ${invoice.id} on ${ctx.config.BRAND_NAME} (${formatMoney(invoice.totalCents)})`, // never creator-written text
    text: [
      `Hello ${invoice.clientName},`,
      '',
      `${row.creatorName} sent you an invoice on ${ctx.config.BRAND_NAME}.`,
      ...(invoice.description ? ['', invoice.description] : []),
      '',
      ...lines,
      `Total: ${formatMoney(invoice.totalCents)}`,
      '',
      state,
      '',
      `Questions? Reply to ${row.creatorName} at ${row.creatorEmail}.`,
    ].join('\n'),
  });
  return { sentTo: invoice.clientEmail };
}

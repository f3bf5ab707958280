// Invoices and payment requests: creating them, marking them paid (by hand or by a payment),
// mailing them to the client, starting a payment on the public payment page.
import {
  canManageInvoice,
  INVOICE_EVENT,
  INVOICE_ID_PATTERN,
  INVOICE_MESSAGES,
  invoiceDueDate,
  isValidEmail,
  paymentPath,
  paymentUrl,
  validateInvoice,
  validatePaymentAmount,
  type InvoiceInput,
} from '#shared/invoices.ts';
import type { Language } from '#shared/profiles.ts';
import { userChannel } from '#shared/realtime.ts';
import { invoicePaymentEntries } from '#shared/ledger.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import type { MailSender } from '../../platform/mail-throttle.ts';
import type { Order, OrderFulfilment } from '../orders/contract.ts';
import type { PaymentStart } from '../payments/contract.ts';
import { createOrder } from '../orders/service.ts';
import { assertCreatorsCanSell } from '../payouts/connect.ts';
import { queueTransfers } from '../payouts/transfers.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { getInvoiceWithCreator, insertInvoice, markPendingInvoicePaid, type Invoice } from './invoice-queries.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { invoiceEventData } from '../webhooks/events.ts';
import { announceNotifications, notify } from '../notifications/service.ts';
import { postToLedger } from '../ledger/ledger.ts';
import type { Attribution } from '../links/attribution.ts';

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

/** The invoice with its creator's name and e-mail; 404 for an unknown or malformed id. */
async function invoiceWithCreator(db: Executor, id: string) {
  const row = isInvoiceId(id) ? await getInvoiceWithCreator(db, id) : undefined;
  if (!row) throw new InvoiceNotFoundError();
  return row;
}

/** One of the creator's own invoices, with its creator; another creator's answers 404 like a missing one. */
async function ownInvoiceWithCreator(db: Executor, userId: string, id: string) {
  const row = await invoiceWithCreator(db, id);
  if (!canManageInvoice(userId, row.invoice)) throw new InvoiceNotFoundError();
  return row;
}

export async function getOwnInvoice(db: Executor, userId: string, id: string): Promise<Invoice> {
  return (await ownInvoiceWithCreator(db, userId, id)).invoice;
}

/** The invoice form (SPEC §5): a pending invoice due in 30 days; the creator's open lists update. */
export async function createInvoice(ctx: AppContext, userId: string, input: InvoiceInput): Promise<Invoice> {
  const currency = await storeCurrency(ctx.database.db, userId);
  const result = validateInvoice(input, currency);
  if (!result.ok) throw new BadRequestError(result.message, result.code, 'params' in result ? { params: result.params } : {});
  const createdAt = new Date();
  const invoice = await insertInvoice(ctx.database.db, {
    id: prefixedId('inv'),
    userId,
    kind: 'invoice',
    ...result.value,
    currency,
    status: 'pending',
    createdAt,
    dueAt: invoiceDueDate(createdAt),
  });
  await announceInvoice(ctx, invoice);
  return invoice;
}

/** The overview's "Generate payment link": an amount and a description, no client yet. */
export async function createPaymentRequest(ctx: AppContext, userId: string, input: { amount: unknown; description?: unknown }): Promise<Invoice> {
  const currency = await storeCurrency(ctx.database.db, userId);
  const amount = validatePaymentAmount(input.amount, currency);
  if (!amount.ok) throw new BadRequestError(amount.message, amount.code, amount.params ? { params: amount.params } : {});
  const cents = amount.cents;
  const description = typeof input.description === 'string' ? input.description.trim().slice(0, 200) : '';
  const createdAt = new Date();
  const invoice = await insertInvoice(ctx.database.db, {
    id: prefixedId('inv'),
    userId,
    kind: 'payment_request',
    description,
    items: [{ name: description || 'Payment', quantity: 1, unitPriceCents: cents }],
    totalCents: cents,
    currency,
    status: 'pending',
    createdAt,
    dueAt: invoiceDueDate(createdAt),
  });
  await announceInvoice(ctx, invoice);
  return invoice;
}

/**
 * The creator's Mark as Paid (a payment received elsewhere): only their own pending invoices. The
 * update itself is limited to the creator's invoice (`canManageInvoice` in SQL), so it stays one
 * statement that a payment at the same moment cannot race.
 */
export async function markPaidByCreator(ctx: AppContext, userId: string, id: string): Promise<Invoice> {
  const updated = isInvoiceId(id) ? await markPendingInvoicePaid(ctx.database.db, id, userId) : undefined;
  if (!updated) throw notPayableError(await getOwnInvoice(ctx.database.db, userId, id));
  await emitWebhookEvent(ctx.database.db, userId, 'invoice.paid', invoiceEventData(updated));
  await announceInvoice(ctx, updated);
  return updated;
}

/** The invoice as a PDF for its creator, with the payment link. */
export async function ownInvoicePdf(ctx: AppContext, userId: string, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { invoice, creatorName, creatorEmail, seller } = await ownInvoiceWithCreator(ctx.database.db, userId, id);
  return { fileName: `${invoice.id}.pdf`, pdf: await invoicePdf(invoice, { creatorName, creatorEmail, seller, payUrl: paymentUrl(ctx.config.PUBLIC_URL, invoice.id) }) };
}

/** The payer's PDF copy from the payment page: as the page, without the client's e-mail. */
export async function payableInvoicePdf(ctx: AppContext, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { invoice, creatorName, creatorEmail, seller } = await invoiceWithCreator(ctx.database.db, id);
  const pdf = await invoicePdf({ ...invoice, clientEmail: '' }, { creatorName, creatorEmail, seller, payUrl: paymentUrl(ctx.config.PUBLIC_URL, invoice.id) });
  return { fileName: `${invoice.id}.pdf`, pdf };
}

/**
 * The payments module's fulfiller for invoice orders, inside the payment's transaction: the
 * pending invoice becomes paid; one that is already paid or cancelled throws, rolling the payment back.
 */
export async function fulfilInvoiceOrder(ctx: AppContext, tx: Tx, order: Order): Promise<void> {
  if (!order.invoiceId) throw new Error(`Invoice order ${order.id} has no invoice.`);
  const paid = await markPendingInvoicePaid(tx, order.invoiceId);
  if (paid) {
    if (paid.totalCents !== order.totalCents) throw new Error(`Order ${order.id} does not match the total of invoice ${paid.id}.`);
    const posting = { kind: 'invoice_payment', currency: order.currency, testMode: order.testMode, creatorId: paid.userId, orderId: order.id } as const;
    await postToLedger(tx, posting, invoicePaymentEntries(paid.userId, order.totalCents));
    // The creator's payout account gets it once this commits (payouts/transfers.ts).
    await queueTransfers(tx, order.id);
    await emitWebhookEvent(tx, paid.userId, 'invoice.paid', invoiceEventData(paid));
    const data = { title: paid.id, actorName: paid.clientName, amountCents: paid.totalCents, currency: paid.currency, link: '/dashboard/payments' };
    await notify(ctx, tx, paid.userId, 'invoice_paid', data);
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
  if (!row) return;
  await announceInvoice(ctx, row.invoice);
  await announceNotifications(ctx, row.invoice.userId);
}

export const announceInvoice = (ctx: AppContext, invoice: Invoice) =>
  ctx.realtime.publish(userChannel(invoice.userId), INVOICE_EVENT, { id: invoice.id, status: invoice.status });

/**
 * E-mails the invoice with its payment link to the client, in `language`: the one the creator's
 * interface was in when they sent it.
 */
export async function sendInvoiceToClient(ctx: AppContext, userId: string, id: string, language: Language): Promise<{ sentTo: string }> {
  const row = await ownInvoiceWithCreator(ctx.database.db, userId, id);
  const { invoice } = row;
  if (!invoice.clientEmail) throw new BadRequestError(INVOICE_MESSAGES.noClientEmail, 'no_client_email');
  await ctx.mailThrottle.take(invoice.clientEmail, { userId });
  const link = paymentUrl(ctx.config.PUBLIC_URL, invoice.id);
  const { invoice: texts, format } = mailTexts(language);
  const brand = ctx.config.BRAND_NAME;
  const total = format.money(invoice.totalCents, invoice.currency);
  const lines = invoice.items.map((item) => texts.line({ name: item.name, quantity: format.number(item.quantity), unitPrice: format.money(item.unitPriceCents, invoice.currency) }));
  const state =
    invoice.status === 'paid' ? texts.paid : invoice.status === 'cancelled' ? texts.cancelled : texts.payBy({ date: format.date(invoice.dueAt), link });
  await ctx.mailer.send({
    to: invoice.clientEmail,
    subject: texts.subject({ id: invoice.id, brand, total }), // never creator-written text
    text: [
      texts.greeting(invoice.clientName),
      '',
      texts.sent({ creator: row.creatorName, brand }),
      ...(invoice.description ? ['', invoice.description] : []),
      '',
      ...lines,
      texts.total(total),
      '',
      state,
      '',
      texts.questions({ creator: row.creatorName, email: row.creatorEmail }),
    ].join('\n'),
  });
  return { sentTo: invoice.clientEmail };
}

/** The public payment page's invoice: anyone holding the unguessable link may see it. */
export async function getPayableInvoice(db: Executor, id: string) {
  return invoiceWithCreator(db, id);
}

export interface Payer {
  /** The e-mail typed on the page; needed when the invoice has no client e-mail (a payment request). */
  email?: string;
  /** The signed-in user paying, if any. */
  buyer: { id: string; email: string } | null | undefined;
  /** Who the receipt mail counts against (the mail throttle). */
  sender: MailSender;
  /** The click the payer came through, if remembered (links/attribution.ts): kept when it was the invoice's creator's. */
  attribution?: Attribution;
}

/**
 * Starts one payment attempt of an invoice on its payment page. The pending check here is for a
 * clear message; the payment's own transaction (the invoice fulfiller) is what makes two payments
 * at once into one.
 */
export async function startInvoicePayment(ctx: AppContext, id: string, payer: Payer): Promise<{ order: Order; start: PaymentStart }> {
  const { invoice } = await invoiceWithCreator(ctx.database.db, id);
  if (invoice.status !== 'pending') throw notPayableError(invoice);
  await assertCreatorsCanSell(ctx, [invoice.userId]);
  const typedEmail = payer.email?.trim() ?? '';
  if (!invoice.clientEmail && !isValidEmail(typedEmail)) throw new BadRequestError(INVOICE_MESSAGES.payerEmailInvalid, 'invalid_email');
  const receiptTo = invoice.clientEmail || typedEmail;
  if (receiptTo.toLowerCase() !== payer.buyer?.email.toLowerCase()) await ctx.mailThrottle.take(receiptTo, payer.sender);
  return createOrder(ctx, {
    kind: 'invoice',
    buyerEmail: receiptTo,
    buyerUserId: payer.buyer?.id ?? null,
    invoiceId: invoice.id,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    source: payer.attribution?.creatorId === invoice.userId ? payer.attribution.source : null,
    successPath: `${paymentPath(invoice.id)}?order={orderId}`,
    cancelPath: paymentPath(invoice.id),
  });
}

/** What paying an order of kind `invoice` does (wired in app.ts). */
export const invoiceFulfilment: OrderFulfilment = {
  fulfil: fulfilInvoiceOrder,
  afterPaid: announceInvoicePaid,
  alreadyPaid: () => new ConflictError(INVOICE_MESSAGES.alreadyPaid, 'invoice_already_paid'),
};

/**
 * Invoices, payment links and payouts: the spec's messages and the money arithmetic
 * (SPEC §4 Invoice and Payout, §5 Invoice and Payout method, §9). Money is integer minor units of
 * the creator's store currency (src/shared/money.ts).
 */
import { amountToMinor, CURRENCY_RULES, type Currency, formatMoney, STORE_CURRENCY } from './money.ts';


export const INVOICE_DUE_DAYS = 30;
export const INVOICE_ITEMS_MAX = 100;
export const INVOICE_QUANTITY_MAX = 1_000_000;
export const UNIT_PRICE_MAX_CENTS = 100_000_000; // $1,000,000.00
/** Fits the database's integer column with room to spare. */
export const INVOICE_TOTAL_MAX_CENTS = 1_000_000_000; // $10,000,000.00
/** The smallest charge card processors take in `currency` (Stripe's minimum; $0.50): a smaller invoice could never be paid. */
export const invoiceTotalMin = (currency: Currency = STORE_CURRENCY) => CURRENCY_RULES[currency].minCharge;

export const INVOICE_MESSAGES = {
  missingFields: 'Missing Fields: Client name, email, and valid item details (name, quantity > 0, price > 0) are required.',
  totalTooLarge: 'The invoice total may be at most $10,000,000.00.',
  totalTooSmall: (minimum: string) => `The invoice total must be at least ${minimum}, the smallest amount a card payment can take.`,
  invalidAmount: 'Please enter an amount greater than 0.',
  amountTooSmall: (minimum: string) => `Please enter an amount of at least ${minimum}, the smallest amount a card payment can take.`,
  invoiceCreated: 'Invoice Created',
  invoiceUpdated: 'Invoice Updated',
  copied: 'Copied!',
  invoiceNotFound: 'Invoice not found.',
  alreadyPaid: 'This invoice has already been paid.',
  cancelled: 'This invoice has been cancelled.',
  noClientEmail: 'This payment request has no client email to send it to.',
  payerEmailInvalid: 'Please enter a valid email address.',
  /** `wait` as the rate limiter words it, e.g. "1 minute". */
  tooManyPayments: (seconds: number) => `Too many attempts. Please wait ${seconds} seconds and try again.`,
} as const;

/** "Title: text" messages split for a toast's title and description. */
export function splitTitledMessage(message: string): { title: string; description: string } {
  const index = message.indexOf(': ');
  return index > 0 ? { title: message.slice(0, index), description: message.slice(index + 2) } : { title: message, description: '' };
}

/**
 * A typed amount ("12.5", 12.5) in minor units of `currency`, rounded to the nearest one; undefined
 * when it is not a plain non-negative decimal number. Parsed from text, so 1.005 is not 100.49.
 */
export const dollarsToCents = (input: unknown, currency: Currency = STORE_CURRENCY) => amountToMinor(input, currency, { round: true });

/** A typed quantity as a number; undefined when it is not a plain non-negative decimal. */
export function parseQuantity(input: unknown): number | undefined {
  if (typeof input !== 'string' && typeof input !== 'number') return undefined;
  const text = String(input).trim();
  if (!/^(\d{1,12}(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  return Number(text);
}

/** Quantity × unit price in cents; a non-numeric quantity or price counts as 0 (SPEC §5). */
export function lineTotalCents(quantity: unknown, unitPrice: unknown, currency: Currency = STORE_CURRENCY): number {
  return Math.round((parseQuantity(quantity) ?? 0) * (dollarsToCents(unitPrice, currency) ?? 0));
}

export interface InvoiceItemInput {
  name: unknown;
  quantity: unknown;
  /** Dollars, as typed ("12.50"). */
  unitPrice: unknown;
}

/** Sum of quantity × unit price over the items, in cents; non-numeric values count as 0. */
export function invoiceTotalCents(items: readonly Pick<InvoiceItemInput, 'quantity' | 'unitPrice'>[], currency: Currency = STORE_CURRENCY): number {
  return items.reduce((total, item) => total + lineTotalCents(item.quantity, item.unitPrice, currency), 0);
}

/** A stored line: what an invoice keeps in its items column. */
export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export const storedLineTotalCents = (line: InvoiceLine) => Math.round(line.quantity * line.unitPriceCents);

export interface InvoiceInput {
  clientName: unknown;
  clientEmail: unknown;
  description?: unknown;
  items: readonly InvoiceItemInput[];
}

export interface ValidInvoice {
  clientName: string;
  clientEmail: string;
  description: string;
  items: InvoiceLine[];
  totalCents: number;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The simple address pattern of the spec (a payout e-mail, a client's e-mail). */
export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export type InvoiceProblem =
  | { code: 'missing_fields'; message: typeof INVOICE_MESSAGES.missingFields }
  | { code: 'total_too_large'; message: typeof INVOICE_MESSAGES.totalTooLarge }
  | { code: 'total_too_small'; message: string; params: { minimum: string } };

/**
 * The invoice form's rule (SPEC §5): client name and e-mail, and at least one item, each with a
 * name, quantity > 0 and unit price > 0; otherwise the spec's Missing Fields message. The total
 * must be one a card can pay: at least $0.50 (0.4 × $0.01 rounds to nothing) and at most $10,000,000.
 */
export function validateInvoice(input: InvoiceInput, currency: Currency = STORE_CURRENCY): { ok: true; value: ValidInvoice } | ({ ok: false } & InvoiceProblem) {
  const clientName = text(input.clientName);
  const clientEmail = text(input.clientEmail);
  const missing = { ok: false as const, code: 'missing_fields' as const, message: INVOICE_MESSAGES.missingFields };
  if (!clientName || clientName.length > 200 || !isValidEmail(clientEmail)) return missing;
  if (input.items.length === 0 || input.items.length > INVOICE_ITEMS_MAX) return missing;
  const items: InvoiceLine[] = [];
  for (const item of input.items) {
    const name = text(item.name);
    const quantity = parseQuantity(item.quantity);
    const unitPriceCents = dollarsToCents(item.unitPrice, currency);
    if (!name || name.length > 200) return missing;
    if (quantity === undefined || quantity <= 0 || quantity > INVOICE_QUANTITY_MAX) return missing;
    if (unitPriceCents === undefined || unitPriceCents <= 0 || unitPriceCents > UNIT_PRICE_MAX_CENTS) return missing;
    items.push({ name, quantity, unitPriceCents });
  }
  const totalCents = invoiceTotalCents(input.items, currency);
  if (totalCents > INVOICE_TOTAL_MAX_CENTS) return { ok: false, code: 'total_too_large', message: INVOICE_MESSAGES.totalTooLarge };
  if (totalCents < invoiceTotalMin(currency)) {
    const minimum = formatMoney(invoiceTotalMin(currency), undefined, currency);
    return { ok: false, code: 'total_too_small', message: INVOICE_MESSAGES.totalTooSmall(minimum), params: { minimum } };
  }
  return { ok: true, value: { clientName, clientEmail, description: text(input.description).slice(0, 2000), items, totalCents } };
}

/** A payment request's typed amount (the overview's payment link) in cents, $0.50 to $10,000,000. */
export function validatePaymentAmount(
  input: unknown,
  currency: Currency = STORE_CURRENCY,
):
  | { ok: true; cents: number }
  | { ok: false; code: 'invalid_amount'; message: string; params?: undefined }
  | { ok: false; code: 'amount_too_small'; message: string; params: { minimum: string } } {
  const cents = dollarsToCents(input, currency);
  if (cents === undefined || cents <= 0 || cents > INVOICE_TOTAL_MAX_CENTS) return { ok: false, code: 'invalid_amount', message: INVOICE_MESSAGES.invalidAmount };
  if (cents < invoiceTotalMin(currency)) {
    const minimum = formatMoney(invoiceTotalMin(currency), undefined, currency);
    return { ok: false, code: 'amount_too_small', message: INVOICE_MESSAGES.amountTooSmall(minimum), params: { minimum } };
  }
  return { ok: true, cents };
}

/** Due 30 days after creation (SPEC §9). */
export function invoiceDueDate(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVOICE_DUE_DAYS * 24 * 60 * 60 * 1000);
}

/** The public payment page of an invoice: {origin}/pay/{invoiceId}. */
export const paymentPath = (invoiceId: string) => `/pay/${encodeURIComponent(invoiceId)}`;
export const paymentUrl = (origin: string, invoiceId: string) => `${origin.replace(/\/+$/, '')}${paymentPath(invoiceId)}`;

/** Invoice ids: `inv_` and 20 random letters and digits, so a payment link cannot be guessed. */
export const INVOICE_ID_PATTERN = /^inv_[A-Za-z0-9]{16,64}$/;

/** An invoice to a client, or a bare payment request (the overview's payment link, no client yet). */
export const INVOICE_KINDS = ['invoice', 'payment_request'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Realtime event on the creator's channel when one of their invoices is created or changes. */
export const INVOICE_EVENT = 'invoices.changed';

/**
 * Who may see, mark paid, send or download an invoice: its creator only. Anyone else is answered
 * as if it did not exist (404), so invoice ids cannot be probed. The public payment page needs
 * no permission: its unguessable link is the permission.
 */
export const canManageInvoice = (userId: string, invoice: { userId: string }) => invoice.userId === userId;



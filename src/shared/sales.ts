import { type Currency, formatMoney, STORE_CURRENCY } from './money.ts';

export const SALES_MESSAGES = {
  saleNotFound: 'Sale not found.',
  alreadyRefunded: 'This sale has already been refunded.',
  exportCreatorsOnly: 'Only creators can export their sales.',
  salesFiltersInvalid: 'These sales filters are not valid.',
  refundAmountInvalid: 'Please enter an amount in dollars and cents, like 5.00.',
  refundBelowMinimum: (minimum: string) => `The smallest refund is ${minimum}.`,
  refundAboveLeft: (max: string) => `You can refund at most ${max}.`,
} as const;

/** Sales: a creator's record of each product sold, its fee and its refund (SPEC §2 overviews, §3 sale). */

export const SALE_STATUSES = ['completed', 'refunded'] as const;

/** The sale's creator or an admin may refund it; anyone else is told it does not exist. */
export function canRefundSale(user: { id: string; role: string }, sale: { creatorId: string | null }): boolean {
  return sale.creatorId === user.id || user.role === 'admin';
}

/** The smallest refund: one cent. */
export const REFUND_MINIMUM_CENTS = 1;

/** What a sale can still give back: its amount less what earlier refunds returned. */
export const refundLeftCents = (sale: { amountCents: number; refundedCents: number }): number => Math.max(0, sale.amountCents - sale.refundedCents);

/** A sale partly refunded: some money went back, the rest is kept (the sale stays completed, its download works). */
export const isPartlyRefunded = (sale: { status: string; refundedCents: number }): boolean => sale.status === 'completed' && sale.refundedCents > 0;

export type RefundAmountProblem =
  | { code: 'refund_amount_invalid'; message: string; params?: undefined }
  | { code: 'refund_below_minimum'; message: string; params: { minimum: string } }
  | { code: 'refund_above_left'; message: string; params: { max: string } };

/**
 * Why `amountCents` cannot be refunded when `leftCents` is left (POST /api/sales/:id/refund and the
 * Refund dialog): a whole number of cents from one cent to what is left.
 */
export function refundAmountProblem(amountCents: number, leftCents: number, currency: Currency = STORE_CURRENCY): RefundAmountProblem | undefined {
  if (!Number.isSafeInteger(amountCents)) return { code: 'refund_amount_invalid', message: SALES_MESSAGES.refundAmountInvalid };
  if (amountCents < REFUND_MINIMUM_CENTS) {
    const minimum = formatMoney(REFUND_MINIMUM_CENTS, undefined, currency);
    return { code: 'refund_below_minimum', message: SALES_MESSAGES.refundBelowMinimum(minimum), params: { minimum } };
  }
  if (amountCents > leftCents) {
    const max = formatMoney(leftCents, undefined, currency);
    return { code: 'refund_above_left', message: SALES_MESSAGES.refundAboveLeft(max), params: { max } };
  }
  return undefined;
}

/** The overview's recent activity and the admin's recent transactions (SPEC §9). */
export const RECENT_SALES_LIMIT = 5;

/** Days in the creator's earnings chart. */
export const EARNINGS_DAYS = 30;

/** The platform fee of a sale: the plan's basis points of the amount, rounded to whole cents. */
export function platformFeeCents(amountCents: number, feeBps: number): number {
  return Math.round((amountCents * feeBps) / 10_000);
}

/** Views-to-sales as a percentage with one decimal (0 with no views). */
export function conversionRate(views: number, sales: number): number {
  if (views <= 0) return 0;
  return Math.round((sales / views) * 1000) / 10;
}

/** Realtime event a creator receives on their own channel when one of their sales is made or refunded. */
export const SALES_CHANGED_EVENT = 'sales.changed';

export interface SalesChangedEvent {
  saleId: string;
  /** `partially_refunded`: some of it went back and the sale stays completed. */
  action: 'created' | 'refunded' | 'partially_refunded';
  productName: string;
  amountCents: number;
  currency: Currency;
}

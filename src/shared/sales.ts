export const SALES_MESSAGES = {
  saleNotFound: 'Sale not found.',
  alreadyRefunded: 'This sale has already been refunded.',
  exportCreatorsOnly: 'Only creators can export their sales.',
} as const;

/** Sales: a creator's record of each product sold, its fee and its refund (SPEC §2 overviews, §3 sale). */

export const SALE_STATUSES = ['completed', 'refunded'] as const;

/** The sale's creator or an admin may refund it; anyone else is told it does not exist. */
export function canRefundSale(user: { id: string; role: string }, sale: { creatorId: string | null }): boolean {
  return sale.creatorId === user.id || user.role === 'admin';
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
  action: 'created' | 'refunded';
  productName: string;
  amountCents: number;
}

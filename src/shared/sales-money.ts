/**
 * The money figures, defined once (issue #20): the creator overview's Total Earnings, the payouts
 * balance (src/shared/payouts.ts), the admin overview's Total Revenue and the admin's transactions
 * are all made from the same sums (modules/sales/money-queries.ts), for one creator or the platform.
 * A sale and an invoice paid on its payment page count alike; an invoice marked paid by hand was
 * paid elsewhere and counts nowhere.
 */

/** What the figures are made of; the server sums them in SQL, the arithmetic is here. */
export interface MoneySums {
  /** Every sale's amount, refunded since or not. */
  salesCents: number;
  /** Invoices and payment requests paid on their payment page. */
  paidInvoicesCents: number;
  /** The amounts of refunded sales, given back to their buyers. */
  refundsCents: number;
  /** The platform fees of the sales kept (a refund gives its fee back); invoices carry none. */
  feesCents: number;
}

export const NO_MONEY: MoneySums = { salesCents: 0, paidInvoicesCents: 0, refundsCents: 0, feesCents: 0 };

export function addMoney(a: MoneySums, b: MoneySums): MoneySums {
  return {
    salesCents: a.salesCents + b.salesCents,
    paidInvoicesCents: a.paidInvoicesCents + b.paidInvoicesCents,
    refundsCents: a.refundsCents + b.refundsCents,
    feesCents: a.feesCents + b.feesCents,
  };
}

/** The platform's fee on one sale as the figures count it: none once refunded (the refund gives it back). */
export const saleFeeCents = (sale: { status: string; feeCents: number }) => (sale.status === 'completed' ? sale.feeCents : 0);

/** What one sale leaves the creator: its amount less the fee, nothing once refunded (as earnings count it). */
export const saleNetCents = (sale: { status: string; amountCents: number; feeCents: number }) =>
  sale.status === 'completed' ? sale.amountCents - sale.feeCents : 0;

/** Gross: what buyers and clients paid through the platform. */
export const grossCents = (sums: MoneySums) => sums.salesCents + sums.paidInvoicesCents;

/**
 * Revenue: gross less refunds, before fees; the admin overview's "Total Revenue" (platform-wide, SPEC
 * §2; in SPEC §7 the sum of completed sales), and the transactions page's.
 */
export const revenueCents = (sums: MoneySums) => grossCents(sums) - sums.refundsCents;

/**
 * Earnings: what is the creator's, sales and paid invoices less refunds and the platform's fees; the
 * overview's "Total Earnings" and the 30-day chart. The balance is earnings less payouts.
 */
export const earningsCents = (sums: MoneySums) => revenueCents(sums) - sums.feesCents;

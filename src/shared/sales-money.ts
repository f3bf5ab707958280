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
  /** What refunds gave back to buyers, whole and partial (each sale's refunded_cents). */
  refundsCents: number;
  /** The platform fees of what the sales kept (saleFeeCents: a refund gives its part of the fee back); invoices carry none. */
  feesCents: number;
  /** The affiliates' commissions on these sales that they keep (keptCommissionCents): taken off the creator's share. */
  commissionsCents: number;
  /** The commissions earned as an affiliate on other creators' sales (kept after their refunds); 0 for the platform's sums. */
  affiliateCents: number;
}

export const NO_MONEY: MoneySums = { salesCents: 0, paidInvoicesCents: 0, refundsCents: 0, feesCents: 0, commissionsCents: 0, affiliateCents: 0 };

export function addMoney(a: MoneySums, b: MoneySums): MoneySums {
  return {
    salesCents: a.salesCents + b.salesCents,
    paidInvoicesCents: a.paidInvoicesCents + b.paidInvoicesCents,
    refundsCents: a.refundsCents + b.refundsCents,
    feesCents: a.feesCents + b.feesCents,
    commissionsCents: a.commissionsCents + b.commissionsCents,
    affiliateCents: a.affiliateCents + b.affiliateCents,
  };
}

/** A sale as the money figures read it. */
export interface SaleMoney {
  amountCents: number;
  /** What its refunds gave back so far (all of it once refunded). */
  refundedCents: number;
  /** The fee of the creator's plan on the whole amount, as recorded at the sale. */
  feeCents: number;
  /** The affiliate's commission on the whole amount, as recorded at the sale (0 or absent without one). */
  commissionCents?: number;
}

/** What a sale keeps after its refunds, whole or partial. */
export const saleKeptCents = (sale: Pick<SaleMoney, 'amountCents' | 'refundedCents'>) => Math.max(0, sale.amountCents - sale.refundedCents);

/**
 * The platform's fee on one sale as every figure counts it: the fee recorded at the sale in proportion
 * to what the sale keeps, rounded to the cent (half up) — all of it with no refund, none once wholly
 * refunded; a partial refund gives the fee of the refunded part back. The SQL sums in
 * modules/sales/money-queries.ts compute the same (`round(fee × kept / amount)`).
 */
export function saleFeeCents(sale: SaleMoney): number {
  const kept = saleKeptCents(sale);
  if (sale.amountCents <= 0 || kept === sale.amountCents) return kept > 0 ? sale.feeCents : 0;
  return Math.round((sale.feeCents * kept) / sale.amountCents);
}

/**
 * The commission a sale still gives after its refunds: the recorded one in proportion to what the sale
 * keeps, as the fee (saleFeeCents); the SQL sums in modules/sales/money-queries.ts compute the same
 * (docs/decisions/028-affiliates.md).
 */
export function keptCommissionCents(sale: { amountCents: number; refundedCents: number; commissionCents: number }): number {
  const kept = Math.max(0, sale.amountCents - sale.refundedCents);
  if (sale.amountCents <= 0 || kept === 0) return 0;
  if (kept === sale.amountCents) return sale.commissionCents;
  return Math.round((sale.commissionCents * kept) / sale.amountCents);
}

/**
 * What one sale leaves the creator: what it keeps less its fee and the affiliate's commission on it
 * (nothing once wholly refunded), as earnings count it.
 */
export const saleNetCents = (sale: SaleMoney) =>
  saleKeptCents(sale) - saleFeeCents(sale) - keptCommissionCents({ ...sale, commissionCents: sale.commissionCents ?? 0 });

/** Gross: what buyers and clients paid through the platform. */
export const grossCents = (sums: MoneySums) => sums.salesCents + sums.paidInvoicesCents;

/**
 * Revenue: gross less refunds, before fees; the admin overview's "Total Revenue" (platform-wide, SPEC
 * §2; in SPEC §7 the sum of completed sales), and the transactions page's.
 */
export const revenueCents = (sums: MoneySums) => grossCents(sums) - sums.refundsCents;

/**
 * Earnings: what is the creator's, sales and paid invoices less refunds, the platform's fees and the
 * affiliates' commissions, plus the commissions they earned as an affiliate; the overview's "Total
 * Earnings" and the 30-day chart. The balance is earnings less payouts.
 */
export const earningsCents = (sums: MoneySums) => revenueCents(sums) - sums.feesCents - sums.commissionsCents + sums.affiliateCents;

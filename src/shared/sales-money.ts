/**
 * One sale's money after its refunds (issue #20, #21, decision 028): what it keeps, its fee and its
 * affiliate's commission in proportion. The ledger posts by these rules (src/shared/ledger.ts) and every
 * money figure and balance is a sum over its entries (docs/decisions/035-connect-and-ledger.md).
 */
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

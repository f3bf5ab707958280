// The sales' own sums (src/shared/sales-money.ts) for the creator overview's counts of sales kept; the
// money figures and balances are sums over the ledger (modules/ledger, docs/decisions/035-connect-and-ledger.md).
import { sql, type SQL } from 'drizzle-orm';
import { addMoney, NO_MONEY, type MoneySums } from '#shared/sales-money.ts';
import type { Executor } from '../../db/client.ts';

/**
 * A sale's fee as saleFeeCents counts it: the recorded fee in proportion to what the sale keeps,
 * rounded half up (numeric round() rounds half away from zero, the same for these positive values).
 */
const SALE_FEE = sql`CASE WHEN s.refunded_cents = 0 THEN s.fee_cents WHEN s.amount_cents <= 0 THEN 0
  ELSE round(s.fee_cents::numeric * (s.amount_cents - s.refunded_cents) / s.amount_cents)::int END`;

/** A sale's affiliate commission as keptCommissionCents counts it (src/shared/sales-money.ts), like the fee. */
const SALE_COMMISSION = sql`CASE WHEN s.refunded_cents = 0 THEN s.commission_cents WHEN s.amount_cents <= s.refunded_cents THEN 0
  ELSE round(s.commission_cents::numeric * (s.amount_cents - s.refunded_cents) / s.amount_cents)::int END`;

/**
 * One row per sale and per invoice paid on its payment page (a hand-marked invoice has no paid
 * order): when, whether with test cards, its part of each sum (a partial refund counts what it gave
 * back), and 1 for a sale kept (completed, partly refunded or not). `creatorId` null: every creator's, a deleted one's included.
 */
function moneyRows(creatorId: string | null, since?: SQL): SQL {
  return sql`
    SELECT s.created_at AS at, s.test_mode, s.currency, s.amount_cents AS sales, 0 AS invoices,
      s.refunded_cents AS refunds, ${SALE_FEE} AS fees,
      ${SALE_COMMISSION} AS commissions, 0 AS affiliate,
      CASE WHEN s.status = 'completed' THEN 1 ELSE 0 END AS kept
    FROM sales s
    WHERE true ${creatorId ? sql`AND s.creator_id = ${creatorId}` : sql``} ${since ? sql`AND s.created_at >= ${since}` : sql``}
    UNION ALL
    SELECT o.paid_at, o.test_mode, o.currency, 0, o.total_cents, 0, 0, 0, 0, 0
    FROM orders o ${creatorId ? sql`JOIN invoices i ON i.id = o.invoice_id AND i.user_id = ${creatorId}` : sql``}
    WHERE o.kind = 'invoice' AND o.status = 'paid' ${since ? sql`AND o.paid_at >= ${since}` : sql``}
    ${creatorId ? affiliateRows(creatorId, since) : sql``}`;
}

/** The commissions a user earned as an affiliate (docs/decisions/028-affiliates.md): part of their own earnings, not of the sale's figures. */
const affiliateRows = (userId: string, since?: SQL) => sql`
    UNION ALL
    SELECT s.created_at, s.test_mode, s.currency, 0, 0, 0, 0, 0, ${SALE_COMMISSION}, 0
    FROM sales s
    WHERE s.affiliate_id = ${userId} ${since ? sql`AND s.created_at >= ${since}` : sql``}`;

const SUMS = sql`coalesce(sum(m.sales), 0)::bigint AS sales, coalesce(sum(m.invoices), 0)::bigint AS invoices,
  coalesce(sum(m.refunds), 0)::bigint AS refunds, coalesce(sum(m.fees), 0)::bigint AS fees,
  coalesce(sum(m.commissions), 0)::bigint AS commissions, coalesce(sum(m.affiliate), 0)::bigint AS affiliate, coalesce(sum(m.kept), 0)::int AS kept`;

interface SumsRow extends Record<string, unknown> {
  sales: string;
  invoices: string;
  refunds: string;
  fees: string;
  commissions: string;
  affiliate: string;
  kept: number;
}

const toSums = (row: SumsRow | undefined): MoneySums =>
  row
    ? {
        salesCents: Number(row.sales),
        paidInvoicesCents: Number(row.invoices),
        refundsCents: Number(row.refunds),
        feesCents: Number(row.fees),
        commissionsCents: Number(row.commissions),
        affiliateCents: Number(row.affiliate),
      }
    : NO_MONEY;

export interface CreatorMoney {
  /** Money paid with real means. */
  real: MoneySums;
  /** Money of test-card payments (the built-in test provider): held out of a production balance. */
  test: MoneySums;
  all: MoneySums;
  /** Sales kept (not refunded): the overview's Total Sales. */
  salesKept: number;
}

/** One creator's money sums, or with `creatorId` null the whole platform's. */
export async function moneySums(db: Executor, creatorId: string | null): Promise<CreatorMoney> {
  const result = await db.execute<SumsRow & { test_mode: boolean }>(sql`SELECT m.test_mode, ${SUMS} FROM (${moneyRows(creatorId)}) m GROUP BY m.test_mode`);
  const real = toSums(result.rows.find((row) => !row.test_mode));
  const test = toSums(result.rows.find((row) => row.test_mode));
  return { real, test, all: addMoney(real, test), salesKept: result.rows.reduce((total, row) => total + Number(row.kept), 0) };
}

/** A creator's money sums per UTC day of the last `days` (today included), zero-filled, oldest first. */
export async function dailyMoneySums(db: Executor, creatorId: string, days: number): Promise<{ date: string; sums: MoneySums; salesKept: number }[]> {
  const first = sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;
  const result = await db.execute<SumsRow & { day: string }>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${SUMS}
    FROM generate_series(${first}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
    LEFT JOIN (${moneyRows(creatorId, sql`(${first})::timestamp AT TIME ZONE 'UTC'`)}) m
      ON m.at >= d.day AT TIME ZONE 'UTC' AND m.at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
    GROUP BY d.day ORDER BY d.day`);
  return result.rows.map((row) => ({ date: row.day, sums: toSums(row), salesKept: Number(row.kept) }));
}

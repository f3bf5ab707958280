// The ledger's writes and its one read (docs/decisions/035-connect-and-ledger.md): what each movement
// posts is decided in src/shared/ledger.ts; here it is written, in the caller's transaction.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { accountBalance, EARNING_KINDS, type LedgerAccount, type LedgerEntry, type LedgerKind, entriesBalance } from '#shared/ledger.ts';
import type { Currency } from '#shared/money.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';

/** What a transaction records: its kind, currency, and the row of the change (a sale, refund, order or payout). */
export interface LedgerPosting {
  kind: LedgerKind;
  currency: Currency;
  testMode?: boolean;
  creatorId?: string | null;
  saleId?: string;
  refundId?: string;
  orderId?: string;
  payoutId?: string;
  planInvoiceId?: string;
  transferId?: string;
  disputeId?: string;
  actorId?: string;
  reason?: string;
  at?: Date;
}

/**
 * Writes one transaction and its entries in `tx`, the transaction of the change it records, so that
 * both are kept or neither; answers the transaction's id and time. Nothing is written (undefined) when
 * every entry is zero (a free product's sale).
 */
export async function postToLedger(tx: Tx, posting: LedgerPosting, entries: LedgerEntry[]): Promise<{ id: number; createdAt: Date } | undefined> {
  if (entries.length === 0) return undefined;
  if (!entriesBalance(entries)) throw new Error(`A ${posting.kind} posting does not sum to zero.`);
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({ ...posting, testMode: posting.testMode ?? false, ...(posting.at ? { createdAt: posting.at } : {}) })
    .returning({ id: ledgerTransactions.id, createdAt: ledgerTransactions.createdAt });
  await tx.insert(ledgerEntries).values(entries.map((entry) => ({ transactionId: row!.id, ...entry })));
  return row!;
}

/**
 * The balance of one owner's account, a sum over its entries (shown with the account's sign: what the
 * platform owes a user is positive, a debt negative). Every currency is summed, as a store's money is
 * in its one currency; `testMode` picks test-card money or real money.
 */
export async function balanceOf(db: Executor, account: LedgerAccount, ownerId: string, options: { testMode: boolean }): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.ownerId, ownerId), eq(ledgerEntries.account, account), eq(ledgerTransactions.testMode, options.testMode)));
  return accountBalance(account, Number(row?.cents ?? 0));
}


/**
 * A user's earnings as the ledger has them, test money and real together (the creator overview's Total
 * Earnings and its 30-day chart, by the UTC day each movement was posted), and the platform fees their
 * sales left: the same entries balanceOf sums, before payouts.
 */
export async function earningsOf(db: Executor, ownerId: string, days: number): Promise<{ totalCents: number; feesCents: number; byDay: { date: string; cents: number }[] }> {
  const kinds = sql.join(
    EARNING_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const first = sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;
  const [totals, daily] = await Promise.all([
    db.execute<{ earned: string; fees: string }>(sql`
      SELECT
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.owner_id = ${ownerId} AND e.account = 'balance' AND t.kind IN (${kinds}))::text AS earned,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.creator_id = ${ownerId} AND e.account = 'platform_fees' AND t.kind IN (${kinds}))::text AS fees`),
    db.execute<{ day: string; earned: string }>(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(m.amount_cents), 0)::text AS earned
      FROM generate_series(${first}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
      LEFT JOIN (
        SELECT e.amount_cents, t.created_at FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE e.owner_id = ${ownerId} AND e.account = 'balance' AND t.kind IN (${kinds}) AND t.created_at >= (${first})::timestamp AT TIME ZONE 'UTC'
      ) m ON m.created_at >= d.day AT TIME ZONE 'UTC' AND m.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
      GROUP BY d.day ORDER BY d.day`),
  ]);
  const row = totals.rows[0];
  return {
    totalCents: accountBalance('balance', Number(row?.earned ?? 0)),
    feesCents: accountBalance('platform_fees', Number(row?.fees ?? 0)),
    byDay: daily.rows.map((day) => ({ date: day.day, cents: accountBalance('balance', Number(day.earned)) })),
  };
}

/** A user's balance adjustments by admins, newest first: what each credited them (negative: took) and why. */
export async function adjustmentsOf(db: Executor, ownerId: string, limit = 50) {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      cents: ledgerEntries.amountCents,
      currency: ledgerTransactions.currency,
      reason: ledgerTransactions.reason,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.account, 'balance'), eq(ledgerEntries.ownerId, ownerId)))
    .where(eq(ledgerTransactions.kind, 'adjustment'))
    .orderBy(desc(ledgerTransactions.id))
    .limit(limit);
  return rows.map((row) => ({ id: String(row.id), amountCents: accountBalance('balance', row.cents), currency: row.currency, reason: row.reason ?? '', createdAt: row.createdAt }));
}

/**
 * The platform's money per currency, never added across currencies (the admin overview's and the
 * transactions page's): revenue (what buyers and clients paid less refunds, before fees and without
 * the tax on top), the platform's fees and what refunds gave back. Test money and real together.
 */
export async function platformMoneyOf(db: Executor): Promise<{ currency: Currency; revenueCents: number; feesCents: number; refundsCents: number }[]> {
  const result = await db.execute<{ currency: Currency; revenue: string; fees: string; refunds: string }>(sql`
    SELECT t.currency,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ('provider', 'tax_payable')), 0)::text AS revenue,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'platform_fees' AND t.kind <> 'invoice_payment'), 0)::text AS fees,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN ('provider', 'tax_payable') AND t.kind IN ('refund', 'dispute_won')), 0)::text AS refunds
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.kind IN ('sale', 'refund', 'invoice_payment', 'dispute_won')
    GROUP BY t.currency`);
  return result.rows.map((row) => ({
    currency: row.currency,
    revenueCents: accountBalance('provider', Number(row.revenue)),
    feesCents: accountBalance('platform_fees', Number(row.fees)),
    refundsCents: 0 - accountBalance('provider', Number(row.refunds)),
  }));
}

/** The movements that leave an owner money from an order (what a transfer to their payout account moves). */
const ORDER_EARNING_KINDS = [...EARNING_KINDS];

/**
 * What each owner's balance has from an order, less nothing moved yet: the creators' net of its sales
 * after refunds (or a paid invoice) and the affiliates' commissions, per owner, in the order's currency.
 */
export async function orderShares(db: Executor, orderId: string): Promise<{ ownerId: string; cents: number; currency: Currency; testMode: boolean }[]> {
  const rows = await db
    .select({
      ownerId: ledgerEntries.ownerId,
      currency: ledgerTransactions.currency,
      testMode: ledgerTransactions.testMode,
      cents: sql<string>`sum(${ledgerEntries.amountCents})::bigint`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerEntries.account, 'balance'), inArray(ledgerTransactions.kind, ORDER_EARNING_KINDS), isNotNull(ledgerEntries.ownerId)))
    .groupBy(ledgerEntries.ownerId, ledgerTransactions.currency, ledgerTransactions.testMode);
  return rows.map((row) => ({ ownerId: row.ownerId!, currency: row.currency, testMode: row.testMode, cents: accountBalance('balance', Number(row.cents)) }));
}

/** What a refund took from an owner's balance (positive), as its posting has it; 0 when it took nothing. */
export async function refundShareOf(db: Executor, refundId: string, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.refundId, refundId), eq(ledgerTransactions.kind, 'refund'), eq(ledgerEntries.account, 'balance'), eq(ledgerEntries.ownerId, ownerId)));
  return Number(row?.cents ?? 0);
}

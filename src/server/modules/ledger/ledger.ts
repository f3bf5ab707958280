// The ledger's writes and its one read (docs/decisions/035-connect-and-ledger.md): what each movement
// posts is decided in src/shared/ledger.ts; here it is written, in the caller's transaction.
import { and, eq, sql } from 'drizzle-orm';
import { accountBalance, type LedgerAccount, type LedgerEntry, type LedgerKind, entriesBalance } from '#shared/ledger.ts';
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
  actorId?: string;
  reason?: string;
  at?: Date;
}

/**
 * Writes one transaction and its entries in `tx`, the transaction of the change it records, so that
 * both are kept or neither. Nothing is written when every entry is zero (a free product's sale).
 */
export async function postToLedger(tx: Tx, posting: LedgerPosting, entries: LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (!entriesBalance(entries)) throw new Error(`A ${posting.kind} posting does not sum to zero.`);
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({ ...posting, testMode: posting.testMode ?? false, ...(posting.at ? { createdAt: posting.at } : {}) })
    .returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerEntries).values(entries.map((entry) => ({ transactionId: row!.id, ...entry })));
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

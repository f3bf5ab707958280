import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '#shared/ledger.ts';

/**
 * One movement of money (src/shared/ledger.ts), written in the transaction of the change it records,
 * and the row of that change. No foreign keys: the books outlive deleted accounts and their payouts.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** ISO 4217: every entry of the transaction is in it. */
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Money of test-card payments (the built-in test provider), held apart where it is not payable. */
    testMode: boolean('test_mode').notNull().default(false),
    /** The store whose sale or invoice this is, for its figures. */
    creatorId: text('creator_id'),
    saleId: uuid('sale_id'),
    refundId: uuid('refund_id'),
    orderId: text('order_id'),
    payoutId: uuid('payout_id'),
    /** The transfer to a payout account (transfers) a `transfer` or `transfer_reversal` moved. */
    transferId: uuid('transfer_id'),
    /** A won dispute (disputes) whose `dispute_won` gives back what its chargeback took. */
    disputeId: uuid('dispute_id'),
    /** A creator's paid plan invoice (plan_invoices), for `plan_payment`. */
    planInvoiceId: text('plan_invoice_id'),
    /** An adjustment's admin and reason. */
    actorId: text('actor_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_transactions_sale_idx').on(table.saleId).where(sql`${table.saleId} IS NOT NULL`),
    index('ledger_transactions_payout_idx').on(table.payoutId).where(sql`${table.payoutId} IS NOT NULL`),
    index('ledger_transactions_order_idx').on(table.orderId).where(sql`${table.orderId} IS NOT NULL`),
    index('ledger_transactions_transfer_idx').on(table.transferId).where(sql`${table.transferId} IS NOT NULL`),
    index('ledger_transactions_plan_invoice_idx').on(table.planInvoiceId).where(sql`${table.planInvoiceId} IS NOT NULL`),
    index('ledger_transactions_creator_idx').on(table.creatorId, table.createdAt),
  ],
);

/** One leg of a transaction: debits positive; the legs of a transaction sum to zero (a deferred trigger checks). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    ownerId: text('owner_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    // With INCLUDE (account, owner_id, amount_cents) since migration 0063 (drizzle cannot write it): analytics reads entries from the index alone.
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_owner_idx').on(table.ownerId, table.account).where(sql`${table.ownerId} IS NOT NULL`),
    check('ledger_entries_amount_check', sql`${table.amountCents} <> 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { PayoutMethod } from '#shared/payouts.ts';
import { CURRENCIES } from '#shared/money.ts';
import { users } from './auth.ts';

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217 (src/shared/money.ts): the `*Cents` amounts are minor units of it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    method: jsonb('method').$type<PayoutMethod>().notNull(),
    status: text('status', { enum: ['processing', 'completed', 'failed'] }).notNull().default('processing'),
    /** The client's key for this request: a retried or doubled request makes one payout. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: text('processed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('payouts_user_key_unique').on(table.userId, table.idempotencyKey),
    index('payouts_user_idx').on(table.userId, table.requestedAt),
    index('payouts_status_idx').on(table.status, table.requestedAt),
    check('payouts_amount_check', sql`${table.amountCents} > 0`),
  ],
);

/**
 * Money moved to a user's payout account at the provider (Stripe Connect): what one order left them
 * (their sales' net in it, or a paid invoice), once; refunds reverse part of it (decision 035).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: text('order_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    accountRef: text('account_ref').notNull(),
    transferRef: text('transfer_ref').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    reversedCents: integer('reversed_cents').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('transfers_order_user_unique').on(table.orderId, table.userId),
    index('transfers_user_idx').on(table.userId, table.createdAt),
    check('transfers_amount_check', sql`${table.amountCents} > 0 AND ${table.reversedCents} >= 0 AND ${table.reversedCents} <= ${table.amountCents}`),
  ],
);

/**
 * The test provider's automatic payouts from its test payout accounts (Stripe pays out a connected
 * account's balance on its own schedule; the test provider does it daily, moving no money).
 */
export const testAccountPayouts = pgTable(
  'test_account_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('test_account_payouts_user_idx').on(table.userId, table.createdAt), check('test_account_payouts_amount_check', sql`${table.amountCents} > 0`)],
);

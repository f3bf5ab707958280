import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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

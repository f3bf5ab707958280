import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A user's payout account at the payment provider (Stripe Connect Express, or the test provider's
 * simulation), as its last `account.updated` or check left it (decision 035).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
  accountRef: text('account_ref').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** The provider takes transfers to it (Stripe: the `transfers` capability is active). */
  transfersEnabled: boolean('transfers_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** What the provider still needs (Stripe's `requirements.currently_due`). */
  requirements: text('requirements').array().notNull().default([]),
  testMode: boolean('test_mode').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

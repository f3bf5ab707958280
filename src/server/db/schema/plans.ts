import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS } from '#shared/memberships.ts';
import { CURRENCIES } from '#shared/money.ts';
import { PAID_PLAN_IDS, PLAN_INVOICE_KINDS, PLAN_INVOICE_STATUSES } from '#shared/plans.ts';
import { users } from './auth.ts';
import { subscriptions } from './memberships.ts';

/**
 * One charge of an account's plan subscription (decision 025): the platform's revenue, not a creator's
 * sale. The first period, each renewal (paid, or failed: the renewal that made it past due) and an
 * upgrade's prorated difference. A period is charged once: (subscription, kind, period start) is unique.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: text('id').primaryKey(), // pin_ + 24 random characters
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: PAID_PLAN_IDS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    kind: text('kind', { enum: PLAN_INVOICE_KINDS }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    status: text('status', { enum: PLAN_INVOICE_STATUSES }).notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plan_invoices_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('plan_invoices_period_unique').on(table.subscriptionId, table.kind, table.periodStart),
    check('plan_invoices_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

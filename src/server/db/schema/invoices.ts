import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { users } from './auth.ts';

export interface InvoiceItem {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** A creator's invoice to a client, or a bare payment request (kind payment_request). */
export const invoices = pgTable(
  'invoices',
  {
    /** `inv_` plus random characters, so payment links cannot be guessed. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invoice', 'payment_request'] }).notNull().default('invoice'),
    clientName: text('client_name').notNull().default(''),
    clientEmail: text('client_email').notNull().default(''),
    description: text('description').notNull().default(''),
    items: jsonb('items').$type<InvoiceItem[]>().notNull().default([]),
    totalCents: integer('total_cents').notNull(),
    /** ISO 4217 (src/shared/money.ts): the `*Cents` amounts are minor units of it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('invoices_user_idx').on(table.userId, table.createdAt),
    check('invoices_total_check', sql`${table.totalCents} >= 0`),
  ],
);

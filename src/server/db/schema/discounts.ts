import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '#shared/discounts.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/** A creator's discount code (issue #21): a percentage or an amount off their products at checkout. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the creator typed it; matched without case (the unique index is on its upper case). */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** A percentage (1–100) or cents off each product it applies to. */
    amount: integer('amount').notNull(),
    /** Empty: every product of the creator. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    oncePerEmail: boolean('once_per_email').notNull().default(false),
    minOrderCents: integer('min_order_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_creator_code_idx').on(table.creatorId, sql`upper(${table.code})`),
    index('discount_codes_code_idx').on(sql`upper(${table.code})`),
    check('discount_codes_amount_check', sql`${table.amount} > 0 AND (${table.kind} <> 'percent' OR ${table.amount} <= 100)`),
  ],
);

/**
 * One order's use of a code. A use counts while its order is pending or paid: an order that expires
 * or fails gives its use back without anything to undo.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The buyer's e-mail in lower case, for "one use per e-mail". */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'discount_redemptions_pk', columns: [table.discountId, table.orderId] }),
    index('discount_redemptions_email_idx').on(table.discountId, table.email),
    index('discount_redemptions_order_idx').on(table.orderId),
  ],
);

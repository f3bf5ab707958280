import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { invoices } from './billing.ts';
import { products } from './products.ts';

/** A signed-in buyer's cart (guests keep theirs in the browser and merge it at login). */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'cart_items_pk', columns: [table.userId, table.productId] })],
);

export interface OrderItem {
  productId: string;
  name: string;
  priceCents: number;
  creatorId: string;
}

/**
 * One payment attempt through the payment provider: a cart checkout (kind products, its items
 * priced when the order was made) or the payment of an invoice (kind invoice).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['products', 'invoice'] }).notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<OrderItem[]>().notNull().default([]),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    provider: text('provider').notNull(),
    /** Paid with the built-in test provider's cards: no money moved, so it is never paid out in production. */
    testMode: boolean('test_mode').notNull().default(false),
    /** The provider's own id (a Stripe Checkout Session id); unique so a webhook maps to one order. */
    providerRef: text('provider_ref').unique('orders_provider_ref_unique'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    // An invoice is paid by at most one order.
    uniqueIndex('orders_invoice_paid_idx').on(table.invoiceId).where(sql`status = 'paid'`),
    check('orders_total_check', sql`${table.totalCents} >= 0`),
  ],
);

export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // Sales outlive deleted products and accounts: the buyer's and the books' record stays.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** The platform fee of the creator's plan at the time of the sale. */
    feeCents: integer('fee_cents').notNull().default(0),
    /** Its order was a test-card payment (copied from the order): not money a payout may take in production. */
    testMode: boolean('test_mode').notNull().default(false),
    status: text('status', { enum: ['completed', 'refunded'] }).notNull().default('completed'),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    // Fulfilment is idempotent: one sale per product of an order.
    unique('sales_order_product_unique').on(table.orderId, table.productId),
    index('sales_creator_idx').on(table.creatorId, table.createdAt),
    index('sales_buyer_email_idx').on(sql`lower(${table.buyerEmail})`),
    index('sales_created_at_idx').on(table.createdAt),
    index('sales_product_idx').on(table.productId),
    check('sales_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reviews_product_user_unique').on(table.productId, table.userId),
    index('reviews_product_idx').on(table.productId, table.createdAt),
    check('reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

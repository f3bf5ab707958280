import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { users } from './auth.ts';
import { invoices } from './invoices.ts';
import { subscriptions } from './memberships.ts';
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
  /** What the buyer pays for it: the list price less `discountCents`. */
  priceCents: number;
  /** Taken off by the order's discount code. */
  discountCents?: number;
  /** The tax on top of `priceCents` (src/shared/orders-tax.ts). */
  taxCents?: number;
  creatorId: string;
  /** The product version chosen (product_versions) and its name at checkout. */
  versionId?: string;
  versionName?: string;
  /** Bought as a gift: the sale, its receipt and download links go to this e-mail, not the buyer's. */
  giftEmail?: string;
  /** Where the buyer came from to buy it (modules/links/attribution.ts), e.g. `page:<blockId>`. */
  source?: string;
  /** The site the buyer came from to the product's page (their latest view's referrer: products/visit.ts viewReferrers). */
  referrerDomain?: string;
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
    /** ISO 4217 (src/shared/money.ts): the `*Cents` amounts are minor units of it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    /** The tax `totalCents` includes (the items' `taxCents`), at the buyer's country's rate; Stripe Tax's once paid. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The buyer's country (ISO 3166-1 alpha-2) and EU VAT number, as given at checkout. */
    buyerCountry: text('buyer_country'),
    vatNumber: text('vat_number'),
    /** The buyer's name and postal address for their PDF receipts, as they gave them on the receipt page. */
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    /** The discount code the buyer entered, as its creator wrote it; its cents are on the items. */
    discountCode: text('discount_code'),
    /** An invoice payment's source, when the payer came through the creator's click (a products order keeps it on its items). */
    source: text('source'),
    /** The language of the receipt and of a later refund notice: the buyer's, or the interface's at a guest checkout. */
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    provider: text('provider').notNull(),
    /** Paid with the built-in test provider's cards: no money moved, so it is never paid out in production. */
    testMode: boolean('test_mode').notNull().default(false),
    /** The provider's own id (a Stripe Checkout Session id); unique so a webhook maps to one order. */
    providerRef: text('provider_ref').unique('orders_provider_ref_unique'),
    /** The provider's payment of a paid order (Stripe's PaymentIntent): its disputes name it. */
    paymentRef: text('payment_ref'),
    failureMessage: text('failure_message'),
    /** A membership's paid period (or a tier change's prorated charge): the subscription it paid for. */
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    // An invoice is paid by at most one order.
    uniqueIndex('orders_invoice_paid_idx').on(table.invoiceId).where(sql`status = 'paid'`),
    // The few pending orders, oldest first, for their expiry (expirePendingOrders).
    index('orders_pending_created_idx').on(table.createdAt).where(sql`status = 'pending'`),
    index('orders_subscription_idx').on(table.subscriptionId).where(sql`subscription_id IS NOT NULL`),
    // A link's checkouts: the orders with an item attributed to it (`items @> [{"source": …}]`).
    index('orders_items_idx').using('gin', sql`${table.items} jsonb_path_ops`),
    index('orders_source_idx').on(table.source, table.createdAt).where(sql`${table.source} IS NOT NULL`),
    check('orders_total_check', sql`${table.totalCents} >= 0`),
  ],
);

/**
 * A store's order-number counter (the seller's user id): `last_number` goes up by one in the payment's
 * transaction, so numbers are gapless; the prefix is taken from the storefront slug at the first
 * number and kept.
 */
export const storeOrderCounters = pgTable('store_order_counters', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull(),
  lastNumber: integer('last_number').notNull(),
});

/** The number a paid order has in each store it bought from ("MAYA-0001" is the counter's prefix and this). */
export const storeOrderNumbers = pgTable(
  'store_order_numbers',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'store_order_numbers_pk', columns: [table.orderId, table.storeId] }), unique('store_order_numbers_store_number_unique').on(table.storeId, table.number)],
);

/**
 * A paid order's receipt page, opened by a long secret token (only its SHA-256 is kept): one made for the
 * receipt mail, one for the payer's thank-you moment, one for each "resend my receipt". They last;
 * the creator of one of its sales (or an admin) revokes them, and a refund shows on the page.
 */
export const receiptLinks = pgTable(
  'receipt_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('receipt_links_token_hash_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A gift recipient's link: it opens only the order's sales given to this address (their buyer_email). */
    recipientEmail: text('recipient_email'),
  },
  (table) => [index('receipt_links_order_idx').on(table.orderId)],
);

/** What became of a checkout reminder: queued, then sent or the reason it was not (checked when it was due). */
export const CHECKOUT_REMINDER_STATUSES = ['queued', 'sent', 'paid', 'bought_since', 'withdrawn', 'turned_off', 'unsubscribed', 'not_pending'] as const;

/**
 * One reminder per pending order and store (the creator of some of its items) that had checkout reminders
 * on an hour after the checkout: the primary key keeps it to one, however often the sweep runs.
 */
export const checkoutReminders = pgTable(
  'checkout_reminders',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHECKOUT_REMINDER_STATUSES }).notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'checkout_reminders_pk', columns: [table.orderId, table.creatorId] }),
    index('checkout_reminders_creator_idx').on(table.creatorId),
    check('checkout_reminders_status_check', sql`${table.status} IN ('queued', 'sent', 'paid', 'bought_since', 'withdrawn', 'turned_off', 'unsubscribed', 'not_pending')`),
  ],
);

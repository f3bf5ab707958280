import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { products, productVersions } from './products.ts';

/** One line of a paid order: a creator's sale of one product (refunded in place). */
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
    /** The product version bought (product_versions), its name then, and the file it delivers: kept when the version changes or goes. */
    versionId: uuid('version_id').references(() => productVersions.id, { onDelete: 'set null' }),
    versionName: text('version_name'),
    /** The version's file at the sale (product-files bucket); null: the product's own file. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217 (src/shared/money.ts): the `*Cents` amounts are minor units of it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    /** The discount code of the order, when it took `discountCents` off this product. */
    discountCode: text('discount_code'),
    /** Where the buyer came from: `page:<blockId>` (a block of the creator's page) or `link:<id>` (a short link of theirs); modules/links/attribution.ts. */
    source: text('source'),
    /** The site the buyer came from to the product's page (their latest view's referrer, 30 days; null: none known). Issue #46. */
    referrerDomain: text('referrer_domain'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The tax paid on top of `amountCents` (not the creator's money: fees and earnings leave it out). */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The platform fee of the creator's plan at the time of the sale. */
    feeCents: integer('fee_cents').notNull().default(0),
    /**
     * The affiliate whose link the buyer came through (docs/decisions/028-affiliates.md), and their
     * commission on the whole amount, taken off the creator's share (a refund gives back its part, like the fee).
     */
    affiliateId: text('affiliate_id').references(() => users.id, { onDelete: 'set null' }),
    commissionCents: integer('commission_cents').notNull().default(0),
    /** Its order was a test-card payment (copied from the order): not money a payout may take in production. */
    testMode: boolean('test_mode').notNull().default(false),
    /**
     * What was given back so far: the sum of its sale_refunds (a partial refund leaves it completed; it
     * is refunded once nothing is left, refunded_cents = amount_cents).
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: text('status', { enum: ['completed', 'refunded'] }).notNull().default('completed'),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    // Fulfilment is idempotent: one sale per product of an order.
    unique('sales_order_product_unique').on(table.orderId, table.productId),
    // With the id: the sales lists and the CSV export page through a creator's sales by (created_at, id).
    index('sales_creator_idx').on(table.creatorId, table.createdAt, table.id),
    // The Sales page's filters (migration 0062): by product, by source (a link, a page block), by affiliate.
    index('sales_creator_product_idx').on(table.creatorId, table.productId, table.createdAt, table.id),
    index('sales_creator_source_idx').on(table.creatorId, table.source, table.createdAt, table.id).where(sql`${table.source} IS NOT NULL`),
    // The Sales page's referrer filter and its options (migration 0066).
    index('sales_creator_referrer_idx').on(table.creatorId, table.referrerDomain, table.createdAt, table.id).where(sql`${table.referrerDomain} IS NOT NULL`),
    index('sales_creator_affiliate_idx').on(table.creatorId, table.affiliateId, table.createdAt, table.id).where(sql`${table.affiliateId} IS NOT NULL`),
    // The Sales page's search, ILIKE '%…%' (pg_trgm, migration 0062).
    index('sales_buyer_email_trgm_idx').using('gin', sql`${table.buyerEmail} gin_trgm_ops`),
    index('sales_product_name_trgm_idx').using('gin', sql`${table.productName} gin_trgm_ops`),
    index('sales_buyer_email_idx').on(sql`lower(${table.buyerEmail})`),
    // The Customers list groups a creator's sales by buyer address (modules/customers/queries.ts).
    index('sales_creator_buyer_idx').on(table.creatorId, sql`lower(${table.buyerEmail})`),
    index('sales_created_at_idx').on(table.createdAt),
    index('sales_product_idx').on(table.productId),
    index('sales_source_idx').on(table.source, table.createdAt).where(sql`${table.source} IS NOT NULL`),
    index('sales_affiliate_idx').on(table.affiliateId, table.productId).where(sql`${table.affiliateId} IS NOT NULL`),
    index('sales_file_key_idx').on(table.fileKey).where(sql`${table.fileKey} IS NOT NULL`),
    check('sales_amount_check', sql`${table.amountCents} >= 0`),
    check('sales_refunded_check', sql`${table.refundedCents} >= 0 AND ${table.refundedCents} <= ${table.amountCents}`),
  ],
);

/**
 * One refund of a sale (whole or partial), recorded after its payment provider returned the money.
 * `reference` is what the provider got as its idempotency key (`sale-<sale id>-<n>` for the n-th
 * refund of a sale; `withdrawn-…` for a product withdrawn before its payment was booked).
 */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The tax given back with it, on top of `amountCents` (refundTaxCents). */
    taxCents: integer('tax_cents').notNull().default(0),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who refunded it: the creator or an admin; null when the platform did (a withdrawn product). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('sale_refunds_reference_unique').on(table.reference),
    index('sale_refunds_sale_idx').on(table.saleId, table.createdAt),
    check('sale_refunds_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

/**
 * A dispute (chargeback) of an order's payment, as the provider reported it: opening it takes the
 * disputed amount back from the order's sales like a refund (sale_refunds, reference `dispute-…`); a won
 * one gives it back (`dispute_won` in the ledger). Decision 035.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['open', 'won', 'lost'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('disputes_order_idx').on(table.orderId), check('disputes_amount_check', sql`${table.amountCents} > 0`)],
);

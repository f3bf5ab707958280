import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { shortLinks } from './links.ts';
import { products } from './products.ts';

/**
 * A product open to affiliates, with the commission its creator gives them (docs/decisions/028-affiliates.md).
 * Closing the product deletes the row: no new sale is attributed, the sales' recorded commissions stay.
 */
export const affiliatePrograms = pgTable(
  'affiliate_programs',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Whole percent of what the sale leaves after the platform fee (AFFILIATE_PERCENT_MIN..MAX). */
    commissionPercent: integer('commission_percent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('affiliate_programs_percent_check', sql`${table.commissionPercent} BETWEEN 1 AND 90`)],
);

/**
 * A user who joined a product as its affiliate, with their own short link to the product page (owned
 * by them, so the links machinery counts its clicks). Kept when the product closes: joining again
 * reopens the same link.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The affiliate's short link; null once they deleted it (their sales and commissions stay). */
    linkId: integer('link_id').references(() => shortLinks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('affiliates_product_user_unique').on(table.productId, table.userId),
    unique('affiliates_link_unique').on(table.linkId),
    index('affiliates_user_idx').on(table.userId, table.createdAt),
  ],
);

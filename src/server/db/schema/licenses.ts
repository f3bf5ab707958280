import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';
import { sales } from './sales.ts';

/**
 * One license key per completed sale of a product with license keys on (issued with the sale, in
 * the payment's transaction). A creator's own app checks a key with POST /api/licenses/verify.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Four groups of eight hex digits from 16 random bytes, upper case: 0123ABCD-…. */
    key: text('key').notNull(),
    // Like its sale, a key outlives a deleted product or account (then no verify matches it).
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Verifications that asked to be counted (increment_uses_count), since issue or the last reset. */
    uses: integer('uses').notNull().default(0),
    /** Set by the creator or by a refund of the sale: a disabled key does not verify. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('licenses_key_unique').on(table.key),
    // Issuing is idempotent: one key per sale.
    unique('licenses_sale_unique').on(table.saleId),
    index('licenses_creator_idx').on(table.creatorId, table.createdAt),
    index('licenses_product_idx').on(table.productId),
    check('licenses_uses_check', sql`${table.uses} >= 0`),
  ],
);

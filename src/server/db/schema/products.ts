import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import { CATEGORIES } from '#shared/products.ts';
import { users } from './auth.ts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Its address, `/store/product/{slug}`: unique across the platform (decision 031). */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** The price; with pay what you want, the least a buyer may pay (0 allowed). */
    priceCents: integer('price_cents').notNull(),
    /** The owner's store currency, kept with the product for cards and carts. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    /** Pay what you want: the buyer names the amount, at least priceCents. */
    payWhatYouWant: boolean('pay_what_you_want').notNull().default(false),
    /** Pay what you want: the amount the product page starts from. */
    suggestedPriceCents: integer('suggested_price_cents'),
    category: text('category', { enum: CATEGORIES }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    coverKey: text('cover_key'),
    cardKey: text('card_key'),
    views: integer('views').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    /** Sum and number of the reviews' ratings, kept with each review for the cards' average. */
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Set by an admin: the product leaves the marketplace and its storefront. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Null for a draft: only its store (owner, team) and admins see it; past buyers keep what they bought. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** Each completed sale gets a unique license key (modules/licenses), set in the product form. */
    licenseKeys: boolean('license_keys').notNull().default(false),
    /**
     * Name, description, tags and the creator's name, lowercased; kept by triggers. Migration 0005
     * also adds `search_vector` (its full-text vector, generated; migration 0011 gives it the category-scoped words) with a GIN index.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The store's sort orders each have an index to walk (migration 0067, decision 038).
    index('products_user_listed_idx')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} IS NULL AND ${table.publishedAt} IS NOT NULL`),
    index('products_user_price_idx').on(table.userId, table.priceCents),
    uniqueIndex('products_slug_unique').on(table.slug),
    index('products_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('products_popular_idx').on(table.views.desc(), table.id.desc()),
    index('products_category_price_idx').on(table.category, table.priceCents),
    index('products_price_idx').on(table.priceCents),
    index('products_tags_idx').using('gin', table.tags),
    check('products_price_check', sql`${table.priceCents} >= 0`),
  ],
);

/** A product's earlier slugs: their addresses redirect to its current one, and no other product takes them. */
/**
 * The marketplace's words, each once (migration 0068, kept by triggers on products, in byte order): a
 * search's word becomes the known words it begins, so the word index answers without reading rows again.
 */
export const productSearchWords = pgTable('product_search_words', { word: text('word').primaryKey() });

export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_slug_redirects_product_idx').on(table.productId)],
);

/**
 * A product's gallery: up to PRODUCT_IMAGES_MAX images shown after the cover, in `position` order
 * (0 first). Each is stored re-encoded (`key`, as the cover) with a thumbnail (`thumb_key`), both in
 * the product-images bucket and the owner's storage ledger; width and height are the stored image's.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    position: smallint('position').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position), check('product_images_position_check', sql`${table.position} >= 0`)],
);

/**
 * A product's versions (Basic, Extended, …): each with its own name, price, description and file,
 * shown in `position` order (0 first). The buyer picks one; the sale keeps its id, name and the file
 * it delivered (sales.version_id, version_name, file_key), so changing or removing a version never
 * takes a file away from a past buyer. Removing archives it (`archived_at`): it leaves the product
 * page and the cart, its row stays, and its file goes once no sale delivers it. Names are unique
 * among a product's active versions, whatever their case.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    position: smallint('position').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_versions_product_idx').on(table.productId, table.position),
    uniqueIndex('product_versions_active_name_unique').on(table.productId, sql`lower(${table.name})`).where(sql`${table.archivedAt} IS NULL`),
    check('product_versions_price_check', sql`${table.priceCents} >= 0`),
    check('product_versions_position_check', sql`${table.position} >= 0`),
  ],
);

/** One view per visitor, product and day; the first one counts. */
export const productViews = pgTable(
  'product_views',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The click the visitor came through (`link:<id>`, `page:<blockId>`), when it was the product creator's (links/attribution.ts). */
    source: text('source'),
    /**
     * The keyed hash of the visitor's network for this product and day (links/visitor.ts): one network
     * adds at most VISITORS_PER_NETWORK_MAX visitors (shared/analytics.ts). Null on views before 0063.
     */
    network: text('network'),
    /** The site the visitor came from (the page's document.referrer's host); null: none (a direct visit) or unknown. */
    referrerDomain: text('referrer_domain'),
    /** The visitor's country (ISO code, '--' not placed), as link clicks place theirs; null: unknown. */
    country: text('country'),
  },
  (table) => [
    primaryKey({ name: 'product_views_pk', columns: [table.productId, table.visitor, table.day] }),
    index('product_views_source_idx').on(table.source, table.day).where(sql`${table.source} IS NOT NULL`),
    // The analytics' views of a creator's products by day (read from the index alone: migration 0063 adds
    // INCLUDE (source, referrer_domain, country), which drizzle cannot write), and a network's visitors of a product in a day.
    index('product_views_product_day_idx').on(table.productId, table.day, table.network),
  ],
);

/** A buyer's review of a product they bought (SPEC §3). */
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
    /** The product creator's one public reply (src/shared/products-reviews.ts); both null until they reply. */
    replyBody: text('reply_body'),
    /** The version the reviewer bought (their latest purchase when they reviewed), null without versions. */
    versionName: text('version_name'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    unique('reviews_product_user_unique').on(table.productId, table.userId),
    index('reviews_product_idx').on(table.productId, table.createdAt),
    check('reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_reply_check', sql`(${table.replyBody} IS NULL) = (${table.repliedAt} IS NULL)`),
  ],
);

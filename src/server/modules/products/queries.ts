import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { asCurrency, type Currency } from '#shared/money.ts';
import { networkMayAddVisitor } from '#shared/analytics.ts';
import { STORE_TOTAL_CAP, type Category } from '#shared/products.ts';
import type { StoreSort } from '#shared/products-store.ts';
import type { PortfolioItem } from '#shared/profiles.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { membershipPlans } from '../../db/schema/memberships.ts';
import { productImages, products, productVersions, productViews } from '../../db/schema/products.ts';

export type Product = typeof products.$inferSelect;
export type ProductImage = typeof productImages.$inferSelect;

export async function insertProduct(db: Executor, values: typeof products.$inferInsert): Promise<Product> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function getProduct(db: Db, id: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function updateProduct(db: Executor, id: string, values: Partial<typeof products.$inferInsert>): Promise<Product> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

export async function deleteProduct(db: Db, id: string): Promise<Product | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
  return row;
}

/** The gallery of each product, in order (products without images are absent). */
export async function galleriesOf(db: Executor, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  const galleries = new Map<string, ProductImage[]>();
  if (productIds.length === 0) return galleries;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const row of rows) galleries.set(row.productId, [...(galleries.get(row.productId) ?? []), row]);
  return galleries;
}

export async function galleryOf(db: Executor, productId: string): Promise<ProductImage[]> {
  return (await galleriesOf(db, [productId])).get(productId) ?? [];
}

/**
 * Makes a product's gallery exactly `order`: kept images by id, new ones by their keys, positions
 * 0, 1, …; images left out are deleted (their files are the caller's to remove).
 */
export async function saveGallery(
  db: Executor,
  productId: string,
  order: ({ id: string } | { key: string; thumbKey: string; width: number; height: number })[],
): Promise<void> {
  const kept = order.flatMap((item) => ('id' in item ? [item.id] : []));
  await db.delete(productImages).where(and(eq(productImages.productId, productId), kept.length ? notInArray(productImages.id, kept) : undefined));
  for (const [position, item] of order.entries()) {
    if ('id' in item) await db.update(productImages).set({ position }).where(and(eq(productImages.id, item.id), eq(productImages.productId, productId)));
    else await db.insert(productImages).values({ productId, position, key: item.key, thumbKey: item.thumbKey, width: item.width, height: item.height });
  }
}

export async function listCreatorProducts(db: Db, userId: string) {
  return db.select().from(products).where(eq(products.userId, userId)).orderBy(desc(products.createdAt), desc(products.id));
}

const creatorColumns = {
  creatorId: userProfiles.id,
  creatorName: userProfiles.name,
  creatorAvatarUrl: userProfiles.avatarUrl,
  creatorSlug: userProfiles.storefrontSlug,
};

/** A product not taken down, drafts included: the caller shows a draft only to whom canSeeDraft allows. */
export async function getProductWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({
      product: products,
      ...creatorColumns,
      creatorBio: userProfiles.bio,
      creatorSocialLinks: userProfiles.socialLinks,
      hasMembershipPlan: sql<boolean>`exists (select 1 from ${membershipPlans} where ${membershipPlans.productId} = ${products.id})`,
    })
    .from(products)
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(and(eq(products.id, id), notTakenDown()));
  return row;
}

/** A listed product's name and where its creator is reached (Contact Creator). */
export async function getProductContact(db: Db, id: string) {
  const [row] = await db
    .select({ productName: products.name, productSlug: products.slug, creatorId: users.id, creatorName: userProfiles.name, creatorEmail: users.email, creatorLocale: users.locale })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(and(eq(products.id, id), publiclyListed()));
  return row;
}

export interface StoreFilters {
  q?: string;
  category?: Category;
  minCents?: number;
  maxCents?: number;
  tags?: string[];
  creatorId?: string;
  page: number;
  pageSize: number;
  sort: StoreSort;
}

/** A lexeme of the search vector, quoted for a tsquery. */
const lexeme = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`;

/**
 * The search's words: only letters and digits pass, at most 8. The database makes them a query of the
 * words they begin (`zerri_search_query_known`, migrations 0040 and 0068), split by the parser that
 * split the products' words.
 */
export function searchWords(q: string | undefined): string | undefined {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.join(' ') : undefined;
}

/**
 * The tsquery of the search's words, each replaced by the known words it begins (migration 0068: a
 * prefix in the query would make every matching row be read again). Worked out first, on its own, so
 * the search's plan is made for the query itself (estimated from the word index's statistics).
 */
async function knownWordsQuery(db: Db, words: string, category: Category | undefined): Promise<string | null> {
  const result = await db.execute<{ query: string | null }>(sql`SELECT zerri_search_query_known(${words}, ${category ?? null}::text)::text AS query`);
  return result.rows[0]?.query ?? null;
}

/** Any of the tags, as written, against the search vector's tag lexemes. */
const tagsQuery = (tags: string[] | undefined) => (tags?.length ? `(${tags.map(lexeme).join(' | ')})` : undefined);

/**
 * Products not taken down: not hidden by an admin, and not by a suspended creator (the suspended few
 * are read once into a hashed set, so the check costs no per-row lookup). Drafts among them are for
 * their store and admins only (canSeeDraft).
 */
const notTakenDown = () =>
  sql`${products.hiddenAt} IS NULL AND ${products.userId} NOT IN (SELECT ${users.id} FROM ${users} WHERE ${users.suspendedAt} IS NOT NULL)`;

/** Products that may be shown publicly: not taken down, and published (no draft). */
export const publiclyListed = () => sql`${notTakenDown()} AND ${products.publishedAt} IS NOT NULL`;

/** The store's conditions; `wordsQuery` the tsquery of the search's words (knownWordsQuery), null when they match nothing. */
function storeConditions(filters: Omit<StoreFilters, 'page' | 'pageSize' | 'sort'>, wordsQuery?: string | null): SQL {
  const exact = and(
    publiclyListed(),
    filters.category ? eq(products.category, filters.category) : undefined,
    filters.minCents !== undefined ? gte(products.priceCents, filters.minCents) : undefined,
    filters.maxCents !== undefined ? lte(products.priceCents, filters.maxCents) : undefined,
    filters.tags?.length ? sql`${products.tags} && ${sql.param(filters.tags)}::text[]` : undefined,
    filters.creatorId ? eq(products.userId, filters.creatorId) : undefined,
  )!;
  if (wordsQuery === undefined) return exact;
  // With words to match, one scan of the word index (words within the category, and the tags)
  // finds few rows; the exact conditions then only check those. `IS TRUE` keeps the planner from
  // also intersecting the price and tag indexes, which costs more than it saves here.
  const tags = tagsQuery(filters.tags);
  const query = sql`${wordsQuery}::tsquery${tags ? sql` && ${tags}::tsquery` : sql``}`;
  return and(sql`search_vector @@ (${query})`, sql`(${exact}) IS TRUE`)!;
}

const ORDER_BY = {
  newest: sql`products.created_at DESC, products.id DESC`,
  price_asc: sql`products.price_cents ASC, products.id DESC`,
  price_desc: sql`products.price_cents DESC, products.id DESC`,
  popular: sql`products.views DESC, products.id DESC`,
} as const;

export interface StoreRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  currency: Currency;
  payWhatYouWant: boolean;
  category: Category;
  tags: string[];
  cardKey: string | null;
  createdAt: Date;
  creatorId: string;
  creatorName: string;
  creatorAvatarUrl: string | null;
  creatorSlug: string;
  /** Sum and number of review ratings, for the card's average. */
  ratingTotal: number;
  ratingCount: number;
  /** It has active versions (the card says "from"). */
  hasVersions: boolean;
}

const STORE_COLUMNS = sql`products.id, products.slug, products.name, left(products.description, 300) AS description, products.price_cents, products.currency,
  products.pay_what_you_want, products.category, products.tags, products.card_key, products.created_at, up.id AS creator_id, up.name AS creator_name,
  up.avatar_url AS creator_avatar_url, up.storefront_slug AS creator_slug, products.rating_total, products.rating_count,
  EXISTS (SELECT 1 FROM ${productVersions} pv WHERE pv.product_id = products.id AND pv.archived_at IS NULL) AS has_versions`;

/**
 * Word matches read at most to sort them: a few thousand are read in one pass of the word index
 * (their keys only); words matching more are common enough that walking the sort order's index
 * finds a page's rows soon.
 */
const WORD_MATCHES_SORTED_MAX = 5000;

/**
 * One page of the marketplace and its number of matches, counted up to STORE_TOTAL_CAP (`capped`
 * when there are more). With words to match, one scan of the word index reads the matches' sort
 * keys, up to WORD_MATCHES_SORTED_MAX of them: when that is all, they are sorted, paged and counted
 * in memory and only the page's products are read whole. Otherwise (no words, or words that match
 * more) the page walks the sort order's index (migration 0067) and stops, and the count beside it
 * stops after the cap: no request reads or counts every match of a common word or of the whole store.
 */
export async function searchStore(db: Db, filters: StoreFilters): Promise<{ rows: StoreRow[]; total: number; capped: boolean }> {
  const words = searchWords(filters.q);
  const where = storeConditions(filters, words ? await knownWordsQuery(db, words, filters.category) : undefined);
  const page = sql`ORDER BY ${ORDER_BY[filters.sort]} LIMIT ${filters.pageSize} OFFSET ${(filters.page - 1) * filters.pageSize}`;
  // The page's rows are joined to their creators once they are chosen (not every match before sorting).
  const walk = () =>
    db.execute(sql`
      SELECT ${STORE_COLUMNS} FROM (SELECT * FROM ${products} WHERE ${where} ${page}) AS products
      JOIN ${userProfiles} up ON up.id = products.user_id ORDER BY ${ORDER_BY[filters.sort]}`);
  const answer = (rows: Record<string, unknown>[], counted: number) => ({
    rows: rows.map(storeRow),
    total: Math.min(counted, STORE_TOTAL_CAP),
    capped: counted > STORE_TOTAL_CAP,
  });
  if (words) {
    const result = await db.execute(sql`
      WITH matches AS MATERIALIZED (
        SELECT id, created_at, price_cents, views FROM ${products} WHERE ${where} LIMIT ${WORD_MATCHES_SORTED_MAX + 1}
      ),
      page AS (SELECT id FROM matches AS products ${page})
      SELECT ${STORE_COLUMNS}, (SELECT count(*) FROM matches)::int AS total
      FROM page JOIN ${products} ON products.id = page.id JOIN ${userProfiles} up ON up.id = products.user_id
      ORDER BY ${ORDER_BY[filters.sort]}`);
    const counted = result.rows[0] ? Number(result.rows[0].total) : filters.page > 1 ? await countStore(db, where) : 0;
    // With more, the matches read were not all of them: the page is read in order instead.
    return counted <= WORD_MATCHES_SORTED_MAX ? answer(result.rows, counted) : answer((await walk()).rows, counted);
  }
  const [result, counted] = await Promise.all([walk(), countStore(db, where)]);
  return answer(result.rows, counted);
}

const storeRow = (row: Record<string, unknown>): StoreRow => ({
  id: String(row.id),
  slug: String(row.slug),
  name: String(row.name),
  description: String(row.description),
  priceCents: Number(row.price_cents),
  currency: asCurrency(row.currency as string),
  payWhatYouWant: row.pay_what_you_want === true,
  category: row.category as Category,
  tags: row.tags as string[],
  cardKey: (row.card_key as string | null) ?? null,
  createdAt: new Date(row.created_at as string),
  creatorId: String(row.creator_id),
  creatorName: String(row.creator_name),
  creatorAvatarUrl: (row.creator_avatar_url as string | null) ?? null,
  creatorSlug: String(row.creator_slug),
  ratingTotal: Number(row.rating_total ?? 0),
  ratingCount: Number(row.rating_count ?? 0),
  hasVersions: row.has_versions === true,
});

/** The matches, counted up to one past STORE_TOTAL_CAP (enough to know there are more). */
async function countStore(db: Db, where: SQL) {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${products} WHERE ${where} LIMIT ${STORE_TOTAL_CAP + 1}) AS matches`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Lowest and highest price, and the most used tags, within a scope (everything or one creator). */
export async function storeFacets(db: Db, creatorId?: string) {
  const scope = and(publiclyListed(), creatorId ? eq(products.userId, creatorId) : undefined)!;
  const [range] = await db
    .select({ min: sql<number | null>`min(${products.priceCents})`, max: sql<number | null>`max(${products.priceCents})` })
    .from(products)
    .where(scope);
  const tags = await db.execute<{ tag: string; uses: number }>(sql`
    SELECT tag, count(*)::int AS uses FROM ${products}, unnest(${products.tags}) AS tag
    WHERE ${scope}
    GROUP BY tag ORDER BY uses DESC, tag LIMIT 30`);
  return { minCents: range?.min ?? null, maxCents: range?.max ?? null, tags: tags.rows.map((row) => row.tag) };
}

/** A product view as recordView writes it (links/visitor.ts makes the keys). */
interface ProductView {
  productId: string;
  /** The person's keyed hash (their account or browser), for this product and day. */
  visitor: string;
  /** The keyed hash of their network, for this product and day: how many visitors it added is bounded. */
  network: string;
  day: string;
  source: string | null;
  referrerDomain: string | null;
  country: string | null;
}

/**
 * Counts a view once per visitor, product and day, while the visitor's network has not added
 * VISITORS_PER_NETWORK_MAX visitors to the product that day (shared/analytics.ts); the network's views
 * are counted one after another (a lock per network, product and day), so the bound holds however
 * many arrive at once. Answers the product's new total, or undefined when the view did not count.
 */
export async function recordView(db: Db, view: ProductView): Promise<number | undefined> {
  // A visitor counted already today (most views: a reload, the next page and back) costs one primary-key read, no lock.
  const [counted] = await db
    .select({ day: productViews.day })
    .from(productViews)
    .where(and(eq(productViews.productId, view.productId), eq(productViews.visitor, view.visitor), eq(productViews.day, view.day)));
  if (counted) return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`product-view\n${view.productId}\n${view.day}\n${view.network}`}, 0))`);
    const [seen] = await tx
      .select({ visitors: sql<number>`count(*)::int` })
      .from(productViews)
      .where(and(eq(productViews.productId, view.productId), eq(productViews.day, view.day), eq(productViews.network, view.network)));
    if (!networkMayAddVisitor(seen?.visitors ?? 0)) return undefined;
    const result = await tx.execute<{ views: number }>(sql`
      WITH first_view AS (
        INSERT INTO ${productViews} (product_id, visitor, day, source, network, referrer_domain, country)
        VALUES (${view.productId}, ${view.visitor}, ${view.day}, ${view.source}, ${view.network}, ${view.referrerDomain}, ${view.country})
        ON CONFLICT DO NOTHING RETURNING product_id
      )
      UPDATE ${products} SET views = views + 1 WHERE id IN (SELECT product_id FROM first_view) RETURNING views`);
    return result.rows[0]?.views;
  });
}

export async function findCreator(db: Db, slugOrId: string) {
  const [row] = await db
    .select({
      id: userProfiles.id,
      name: userProfiles.name,
      bio: userProfiles.bio,
      avatarUrl: userProfiles.avatarUrl,
      slug: userProfiles.storefrontSlug,
      socialLinks: userProfiles.socialLinks,
      // Skills and portfolio are shown only when the creator made their profile public.
      skills: sql<string[]>`CASE WHEN ${userProfiles.isPublic} THEN ${userProfiles.skills} ELSE '[]'::jsonb END`,
      portfolio: sql<PortfolioItem[]>`CASE WHEN ${userProfiles.isPublic} THEN ${userProfiles.portfolio} ELSE '[]'::jsonb END`,
    })
    .from(userProfiles)
    // A suspended creator's storefront is not found.
    .innerJoin(users, and(eq(users.id, userProfiles.id), isNull(users.suspendedAt)))
    // The storefront address first, else the user id: one unique index probe each. (`slug = x OR id = x`
    // had to compare every profile with every user when the tables' statistics were not yet gathered.)
    .where(
      eq(
        userProfiles.id,
        sql`(SELECT p.id FROM ${userProfiles} p WHERE p.storefront_slug = ${slugOrId.toLowerCase()} UNION ALL SELECT p.id FROM ${userProfiles} p WHERE p.id = ${slugOrId} LIMIT 1)`,
      ),
    );
  return row;
}

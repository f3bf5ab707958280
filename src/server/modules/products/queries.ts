import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Category } from '#shared/products.ts';
import type { Db } from '../../db/client.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { products, productViews } from '../../db/schema/products.ts';

export type Product = typeof products.$inferSelect;

export async function insertProduct(db: Db, values: typeof products.$inferInsert): Promise<Product> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function getProduct(db: Db, id: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function updateProduct(db: Db, id: string, values: Partial<typeof products.$inferInsert>): Promise<Product> {
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

export async function listCreatorProducts(db: Db, userId: string) {
  return db.select().from(products).where(eq(products.userId, userId)).orderBy(desc(products.createdAt), desc(products.id));
}

const creatorColumns = {
  creatorId: userProfiles.id,
  creatorName: userProfiles.name,
  creatorAvatarUrl: userProfiles.avatarUrl,
  creatorSlug: userProfiles.storefrontSlug,
};

export async function getProductWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({ product: products, ...creatorColumns, creatorBio: userProfiles.bio, creatorSocialLinks: userProfiles.socialLinks })
    .from(products)
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(eq(products.id, id));
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
  sort: 'newest' | 'price_asc' | 'price_desc' | 'popular';
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function storeConditions(filters: Omit<StoreFilters, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  const words = (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((word) => sql`${products.searchText} LIKE ${likePattern(word)}`),
    filters.category ? eq(products.category, filters.category) : undefined,
    filters.minCents !== undefined ? gte(products.priceCents, filters.minCents) : undefined,
    filters.maxCents !== undefined ? lte(products.priceCents, filters.maxCents) : undefined,
    filters.tags?.length ? sql`${products.tags} && ${sql.param(filters.tags)}::text[]` : undefined,
    filters.creatorId ? eq(products.userId, filters.creatorId) : undefined,
  );
}

export async function searchStore(db: Db, filters: StoreFilters) {
  const order = {
    newest: [desc(products.createdAt), desc(products.id)],
    price_asc: [asc(products.priceCents), desc(products.id)],
    price_desc: [desc(products.priceCents), desc(products.id)],
    popular: [desc(products.views), desc(products.id)],
  }[filters.sort];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: sql<string>`left(${products.description}, 300)`,
      priceCents: products.priceCents,
      category: products.category,
      tags: products.tags,
      cardKey: products.cardKey,
      createdAt: products.createdAt,
      ...creatorColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
    .where(storeConditions(filters))
    .orderBy(...order)
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
  return { rows, total: rows[0]?.total ?? (filters.page > 1 ? await countStore(db, filters) : 0) };
}

async function countStore(db: Db, filters: StoreFilters) {
  const [row] = await db.select({ value: sql<number>`count(*)`.mapWith(Number) }).from(products).where(storeConditions(filters));
  return row?.value ?? 0;
}

/** Lowest and highest price, and the most used tags, within a scope (everything or one creator). */
export async function storeFacets(db: Db, creatorId?: string) {
  const scope = creatorId ? eq(products.userId, creatorId) : undefined;
  const [range] = await db
    .select({ min: sql<number | null>`min(${products.priceCents})`, max: sql<number | null>`max(${products.priceCents})` })
    .from(products)
    .where(scope);
  const tags = await db.execute<{ tag: string; uses: number }>(sql`
    SELECT tag, count(*)::int AS uses FROM products, unnest(tags) AS tag
    ${creatorId ? sql`WHERE user_id = ${creatorId}` : sql``}
    GROUP BY tag ORDER BY uses DESC, tag LIMIT 30`);
  return { minCents: range?.min ?? null, maxCents: range?.max ?? null, tags: tags.rows.map((row) => row.tag) };
}

/** Counts a view once per visitor, product and day, in one statement. */
export async function recordView(db: Db, productId: string, visitor: string, day: string): Promise<number | undefined> {
  const result = await db.execute<{ views: number }>(sql`
    WITH first_view AS (
      INSERT INTO ${productViews} (product_id, visitor, day) VALUES (${productId}, ${visitor}, ${day})
      ON CONFLICT DO NOTHING RETURNING product_id
    )
    UPDATE ${products} SET views = views + 1 WHERE id IN (SELECT product_id FROM first_view) RETURNING views`);
  return result.rows[0]?.views;
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
    })
    .from(userProfiles)
    .where(sql`${userProfiles.storefrontSlug} = ${slugOrId.toLowerCase()} OR ${userProfiles.id} = ${slugOrId}`)
    .orderBy(sql`${userProfiles.storefrontSlug} = ${slugOrId.toLowerCase()} DESC`)
    .limit(1);
  return row;
}

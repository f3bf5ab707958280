import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CreatorPageSettings } from '#shared/creator-page.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { posts } from '../../db/schema/community.ts';
import { creatorPages, creatorPageStats } from '../../db/schema/creator-page.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { sales } from '../../db/schema/sales.ts';

export async function findCreatorPage(db: Db, userId: string) {
  const [row] = await db.select().from(creatorPages).where(eq(creatorPages.userId, userId));
  return row;
}

export async function saveCreatorPage(db: Db, userId: string, settings: CreatorPageSettings) {
  const values = { ...settings, updatedAt: new Date() };
  const [row] = await db
    .insert(creatorPages)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: creatorPages.userId, set: values })
    .returning();
  return row!;
}

/** The owner of a storefront slug with what the page shows of them; suspended accounts have no page. */
export async function creatorBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ userId: userProfiles.id, slug: userProfiles.storefrontSlug, name: userProfiles.name, bio: userProfiles.bio, avatarUrl: userProfiles.avatarUrl })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.id))
    .where(and(eq(userProfiles.storefrontSlug, slug), isNull(users.suspendedAt)));
  return row;
}

export async function storefrontSlugOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ slug: userProfiles.storefrontSlug }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.slug;
}

/** The creator's products among `ids` that are on sale (with `drafts`, their unpublished ones too). */
export function productsOnSale(db: Db, userId: string, ids: string[], options: { drafts?: boolean } = {}) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents, currency: products.currency, cardKey: products.cardKey })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.id, ids), isNull(products.hiddenAt), options.drafts ? undefined : isNotNull(products.publishedAt)));
}

export function latestPosts(db: Db, userId: string, limit: number) {
  return db.select({ id: posts.id, content: posts.content, createdAt: posts.createdAt }).from(posts).where(eq(posts.authorId, userId)).orderBy(desc(posts.createdAt)).limit(limit);
}

export async function countPageEvent(db: Db, userId: string, kind: 'view' | 'click', blockId = '') {
  await db
    .insert(creatorPageStats)
    .values({ userId, day: sql`current_date`, kind, blockId, count: 1 })
    .onConflictDoUpdate({ target: [creatorPageStats.userId, creatorPageStats.day, creatorPageStats.kind, creatorPageStats.blockId], set: { count: sql`${creatorPageStats.count} + 1` } });
}

export function pageStatsSince(db: Db, userId: string, days: number) {
  return db
    .select({ kind: creatorPageStats.kind, blockId: creatorPageStats.blockId, count: sql<number>`sum(${creatorPageStats.count})::int` })
    .from(creatorPageStats)
    .where(and(eq(creatorPageStats.userId, userId), gte(creatorPageStats.day, sql`current_date - ${days - 1}::int`)))
    .groupBy(creatorPageStats.kind, creatorPageStats.blockId);
}

/** The creator's sales that came through a block of their page (`sales.source` = `page:<blockId>`), per block, less refunds. */
export function pageSalesSince(db: Db, userId: string, days: number) {
  return db
    .select({
      blockId: sql<string>`substr(${sales.source}, 6)`,
      sales: sql<number>`count(*)::int`,
      revenueCents: sql<number>`sum(${sales.amountCents} - ${sales.refundedCents})::int`,
    })
    .from(sales)
    .where(
      and(
        eq(sales.creatorId, userId),
        sql`${sales.source} like 'page:%'`,
        sql`${sales.status} <> 'refunded'`,
        gte(sales.createdAt, sql`current_date - ${days - 1}::int`),
      ),
    )
    .groupBy(sales.source);
}

export async function storeCurrency(db: Db, userId: string) {
  const [row] = await db.select({ currency: userProfiles.currency }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.currency ?? 'USD';
}

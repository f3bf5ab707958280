import { and, asc, count, desc, eq, gte, ilike, isNull, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { blockedDomains, linkClickStats, shortLinks } from '../../db/schema/links.ts';

export type ShortLink = typeof shortLinks.$inferSelect;

export async function insertShortLink(
  db: Db,
  values: { shortCode: string; originalUrl: string; userId: string | null; isCustom: boolean },
): Promise<ShortLink | undefined> {
  const [row] = await db.insert(shortLinks).values(values).onConflictDoNothing({ target: shortLinks.shortCode }).returning();
  return row;
}

/** A link by its code; a link banned by an admin is gone for everyone (no redirect, check or stats). */
export async function getShortLinkByCode(db: Db, code: string): Promise<ShortLink | undefined> {
  const [row] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.shortCode, code), isNull(shortLinks.bannedAt)));
  return row;
}

export async function listUserLinks(
  db: Db,
  userId: string,
  options: { page: number; pageSize: number; search?: string; sort: 'date' | 'clicks' },
) {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const where = and(
    eq(shortLinks.userId, userId),
    pattern ? or(ilike(shortLinks.shortCode, pattern), ilike(shortLinks.originalUrl, pattern)) : undefined,
  );
  const order = options.sort === 'clicks' ? [desc(shortLinks.clicks), desc(shortLinks.id)] : [desc(shortLinks.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shortLinks)
      .where(where)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(shortLinks).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function deleteUserLink(db: Db, userId: string, code: string): Promise<boolean> {
  const deleted = await db
    .delete(shortLinks)
    .where(and(eq(shortLinks.userId, userId), eq(shortLinks.shortCode, code)))
    .returning({ id: shortLinks.id });
  return deleted.length > 0;
}

export async function getLinkStats(db: Db, linkId: number, since: string) {
  const rows = await db
    .select({ day: linkClickStats.day, kind: linkClickStats.kind, value: linkClickStats.value, clicks: linkClickStats.clicks })
    .from(linkClickStats)
    .where(and(eq(linkClickStats.linkId, linkId), gte(linkClickStats.day, since)))
    .orderBy(asc(linkClickStats.day));
  return rows;
}

export async function listBlockedDomains(db: Db) {
  return db.select().from(blockedDomains).orderBy(asc(blockedDomains.domain));
}

export async function addBlockedDomain(db: Executor, domain: string, createdBy: string) {
  await db.insert(blockedDomains).values({ domain, createdBy }).onConflictDoNothing();
}

export async function removeBlockedDomain(db: Executor, domain: string): Promise<boolean> {
  const removed = await db.delete(blockedDomains).where(eq(blockedDomains.domain, domain)).returning();
  return removed.length > 0;
}


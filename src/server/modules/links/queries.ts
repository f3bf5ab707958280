import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
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

/** Changes a link; undefined when the new code is taken. */
export async function updateLinkRow(db: Db, id: number, values: Partial<typeof shortLinks.$inferInsert>): Promise<ShortLink | undefined> {
  try {
    const [row] = await db.update(shortLinks).set(values).where(eq(shortLinks.id, id)).returning();
    return row;
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') return undefined; // unique violation: the code is taken
    throw error;
  }
}

/**
 * Counts one click of a link with a click limit, if it has clicks left; in one statement, so
 * parallel visits can never pass the limit.
 */
export async function takeLimitedClick(db: Db, id: number): Promise<boolean> {
  const taken = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1` })
    .where(and(eq(shortLinks.id, id), lt(shortLinks.clicks, shortLinks.maxClicks), isNull(shortLinks.bannedAt)))
    .returning({ id: shortLinks.id });
  return taken.length > 0;
}

/** True while a link with a click limit has clicks left (for visits that are not counted). */
export async function hasClicksLeft(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shortLinks.id })
    .from(shortLinks)
    .where(and(eq(shortLinks.id, id), lt(shortLinks.clicks, shortLinks.maxClicks)));
  return !!row;
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


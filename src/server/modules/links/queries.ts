import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { LinkTag } from '#shared/links-api.ts';
import { LINK_TAGS_PER_USER_MAX, type LinkTagColor } from '#shared/links.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { domains } from '../../db/schema/domains.ts';
import { affiliates } from '../../db/schema/affiliates.ts';
import { products } from '../../db/schema/products.ts';
import { blockedDomains, linkReports, linkTags, shortLinkTags, shortLinks } from '../../db/schema/links.ts';
import type { LinkReportReason, LinkReportStatus } from '#shared/links.ts';
import { containsPattern } from '../../db/like.ts';

export type ShortLink = typeof shortLinks.$inferSelect;

export async function insertShortLink(
  db: Executor,
  values: typeof shortLinks.$inferInsert,
): Promise<ShortLink | undefined> {
  // The only unique key besides the id is the code on its domain: a conflict is a taken code.
  const [row] = await db.insert(shortLinks).values(values).onConflictDoNothing().returning();
  return row;
}

/** The main host's links (no domain), or one domain's. */
const onDomain = (domainId: string | null) => (domainId === null ? isNull(shortLinks.domainId) : eq(shortLinks.domainId, domainId));

/**
 * A link by its code on a links domain (null: the main host); a link banned by an admin is gone for
 * everyone (no redirect, check or stats).
 */
export async function getShortLinkByCode(db: Db, code: string, domainId: string | null): Promise<ShortLink | undefined> {
  const [row] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.shortCode, code), onDomain(domainId), isNull(shortLinks.bannedAt)));
  return row;
}

/**
 * getShortLinkByCode for the redirect: with, for an affiliate's link (modules/affiliates), the creator
 * of the product it promotes, whose sale the click may attribute (docs/decisions/028-affiliates.md).
 */
export async function getRedirectLinkByCode(db: Db, code: string, domainId: string | null): Promise<(ShortLink & { affiliateOf: string | null }) | undefined> {
  const [row] = await db
    .select({ link: shortLinks, affiliateOf: products.userId })
    .from(shortLinks)
    .leftJoin(affiliates, eq(affiliates.linkId, shortLinks.id))
    .leftJoin(products, eq(products.id, affiliates.productId))
    .where(and(eq(shortLinks.shortCode, code), onDomain(domainId), isNull(shortLinks.bannedAt)));
  return row && { ...row.link, affiliateOf: row.affiliateOf };
}

/** A links domain as links need it: its id, host name, owner and whether it is served. */
export interface LinkDomain {
  id: string;
  hostname: string;
  userId: string;
  verified: boolean;
}
const linkDomainColumns = { id: domains.id, hostname: domains.hostname, userId: domains.userId, state: domains.state };
const toLinkDomain = (row: { id: string; hostname: string; userId: string; state: string }): LinkDomain => ({
  id: row.id,
  hostname: row.hostname,
  userId: row.userId,
  verified: row.state === 'verified',
});

/**
 * A links domain by host name (any state); undefined for a storefront domain or none. Several
 * accounts may claim a host name (decision 021): `userId`'s own claim first, else the verified one.
 */
export async function linksDomainByHost(db: Db, hostname: string, userId?: string): Promise<LinkDomain | undefined> {
  const [row] = await db
    .select(linkDomainColumns)
    .from(domains)
    .where(and(eq(domains.hostname, hostname), eq(domains.purpose, 'links')))
    .orderBy(sql`${domains.userId} = ${userId ?? ''} DESC`, sql`${domains.state} = 'verified' DESC`, asc(domains.createdAt))
    .limit(1);
  return row && toLinkDomain(row);
}

/** The user's verified links domains, oldest first (where their links may go). */
export async function userLinksDomains(db: Db, userId: string): Promise<{ hostname: string }[]> {
  return db
    .select({ hostname: domains.hostname })
    .from(domains)
    .where(and(eq(domains.userId, userId), eq(domains.purpose, 'links'), eq(domains.state, 'verified')))
    .orderBy(asc(domains.createdAt), asc(domains.id));
}

/** The host names of these domains, by id (the short URLs of links on them). */
export async function domainHosts(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: domains.id, hostname: domains.hostname }).from(domains).where(inArray(domains.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.hostname]));
}

export async function listUserLinks(
  db: Db,
  userId: string,
  options: { page: number; pageSize: number; search?: string; sort: 'date' | 'clicks'; tagId?: number },
) {
  const search = options.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const tagged = (condition: ReturnType<typeof eq>) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(shortLinkTags)
        .innerJoin(linkTags, eq(linkTags.id, shortLinkTags.tagId))
        .where(and(eq(shortLinkTags.linkId, shortLinks.id), condition)),
    );
  const where = and(
    eq(shortLinks.userId, userId),
    pattern ? or(ilike(shortLinks.shortCode, pattern), ilike(shortLinks.originalUrl, pattern), tagged(ilike(linkTags.name, pattern))) : undefined,
    options.tagId !== undefined ? tagged(eq(linkTags.id, options.tagId)) : undefined,
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
export async function updateLinkRow(db: Executor, id: number, values: Partial<typeof shortLinks.$inferInsert>): Promise<ShortLink | undefined> {
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

export async function deleteUserLink(db: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(shortLinks)
    .where(and(eq(shortLinks.userId, userId), eq(shortLinks.id, id)))
    .returning({ id: shortLinks.id });
  return deleted.length > 0;
}

/**
 * Removes the visits of links that are gone: a link's visits go with it (a trigger), but visits held
 * in an instance's memory while their link was deleted are written after it, without a check per row.
 */
export async function purgeOrphanVisits(db: Db) {
  await db.execute(sql`DELETE FROM link_visits v WHERE NOT EXISTS (SELECT 1 FROM short_links s WHERE s.id = v.link_id)`);
}

/** A link's clicks per day and dimension value (kind 'total' with value '' for the day's total), summed from its visits. */
export async function getLinkStats(db: Db, linkId: number, from: string, to: string) {
  const result = await db.execute<{ day: string; kind: string; value: string; clicks: number }>(sql`
    SELECT v.day::text AS day, d.kind, d.value, sum(v.clicks)::int AS clicks
    FROM link_visits v
    JOIN link_visit_kinds k ON k.id = v.kind_id
    CROSS JOIN LATERAL (VALUES ('total', ''), ('referrer', k.referrer), ('browser', k.browser), ('device', k.device), ('os', k.os), ('country', k.country)) AS d(kind, value)
    WHERE v.link_id = ${linkId} AND v.day BETWEEN ${from} AND ${to}
    GROUP BY v.day, d.kind, d.value
    ORDER BY v.day, d.kind, d.value`);
  return result.rows;
}

const toTag = (row: { id: number; name: string; color: string }): LinkTag => ({ id: row.id, name: row.name, color: row.color as LinkTagColor });

export async function listTags(db: Db, userId: string): Promise<LinkTag[]> {
  const rows = await db.select().from(linkTags).where(eq(linkTags.userId, userId)).orderBy(asc(sql`lower(${linkTags.name})`), asc(linkTags.id));
  return rows.map(toTag);
}

/** A new tag; undefined when the user has one of that name. */
export async function insertTag(db: Executor, userId: string, name: string, color: LinkTagColor): Promise<LinkTag | undefined> {
  const [row] = await db.insert(linkTags).values({ userId, name, color }).onConflictDoNothing().returning();
  return row && toTag(row);
}

export async function countTags(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(linkTags).where(eq(linkTags.userId, userId));
  return row?.value ?? 0;
}

/** Changes one of the user's tags; undefined when it is not theirs, 'taken' when the name is. */
export async function updateTag(db: Db, userId: string, id: number, values: { name?: string; color?: LinkTagColor }): Promise<LinkTag | 'taken' | undefined> {
  try {
    const [row] = await db.update(linkTags).set(values).where(and(eq(linkTags.id, id), eq(linkTags.userId, userId))).returning();
    return row && toTag(row);
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') return 'taken';
    throw error;
  }
}

export async function deleteTag(db: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await db.delete(linkTags).where(and(eq(linkTags.id, id), eq(linkTags.userId, userId))).returning({ id: linkTags.id });
  return deleted.length > 0;
}

/** The tags of each of these links, by link id, in name order. */
export async function tagsOfLinks(db: Db, linkIds: number[]): Promise<Map<number, LinkTag[]>> {
  const byLink = new Map<number, LinkTag[]>();
  if (linkIds.length === 0) return byLink;
  const rows = await db
    .select({ linkId: shortLinkTags.linkId, id: linkTags.id, name: linkTags.name, color: linkTags.color })
    .from(shortLinkTags)
    .innerJoin(linkTags, eq(linkTags.id, shortLinkTags.tagId))
    .where(inArray(shortLinkTags.linkId, linkIds))
    .orderBy(asc(sql`lower(${linkTags.name})`));
  for (const row of rows) {
    const list = byLink.get(row.linkId) ?? [];
    list.push(toTag(row));
    byLink.set(row.linkId, list);
  }
  return byLink;
}

/**
 * Replaces a link's tags by these names (matched to the user's tags in any letter case; a new name
 * makes a gray tag). Answers false when that would pass the user's number of tags.
 */
export async function setLinkTags(db: Executor, userId: string, linkId: number, names: string[]): Promise<boolean> {
  const existing = await db.select().from(linkTags).where(eq(linkTags.userId, userId));
  const byName = new Map(existing.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const missing = names.filter((name) => !byName.has(name.toLowerCase()));
  if (missing.length > 0) {
    if (existing.length + missing.length > LINK_TAGS_PER_USER_MAX) return false;
    const created = await db
      .insert(linkTags)
      .values(missing.map((name) => ({ userId, name, color: 'gray' })))
      .onConflictDoNothing()
      .returning();
    for (const tag of created) byName.set(tag.name.toLowerCase(), tag.id);
  }
  await db.delete(shortLinkTags).where(eq(shortLinkTags.linkId, linkId));
  const tagIds = [...new Set(names.map((name) => byName.get(name.toLowerCase())).filter((id): id is number => id !== undefined))];
  if (tagIds.length > 0) await db.insert(shortLinkTags).values(tagIds.map((tagId) => ({ linkId, tagId })));
  return true;
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


/**
 * The ids of the user's tags of these names (by lower-case name), making the missing ones gray as
 * far as the user's number of tags allows; a name past it is left out of the answer.
 */
export async function tagIdsForImport(db: Executor, userId: string, names: string[], maxTags: number): Promise<Map<string, number>> {
  const existing = await db.select({ id: linkTags.id, name: linkTags.name }).from(linkTags).where(eq(linkTags.userId, userId));
  const ids = new Map(existing.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const missing = new Map<string, string>();
  for (const name of names) if (!ids.has(name.toLowerCase()) && !missing.has(name.toLowerCase())) missing.set(name.toLowerCase(), name);
  const room = Math.max(0, maxTags - existing.length);
  const made = [...missing.values()].slice(0, room);
  if (made.length > 0) {
    const created = await db
      .insert(linkTags)
      .values(made.map((name) => ({ userId, name, color: 'gray' })))
      .onConflictDoNothing()
      .returning({ id: linkTags.id, name: linkTags.name });
    for (const tag of created) ids.set(tag.name.toLowerCase(), tag.id);
  }
  return ids;
}

/**
 * Inserts links (a taken code is skipped) and the tags of each inserted one; `tagIds[i]` belongs to
 * `links[i]`. Answers the inserted links' ids by code.
 */
export async function insertImportedLinks(db: Executor, links: (typeof shortLinks.$inferInsert)[], tagIds: number[][]): Promise<Map<string, number>> {
  if (links.length === 0) return new Map();
  const rows = await db
    .insert(shortLinks)
    .values(links)
    .onConflictDoNothing()
    .returning({ id: shortLinks.id, shortCode: shortLinks.shortCode });
  const idByCode = new Map(rows.map((row) => [row.shortCode, row.id]));
  const pairs = links.flatMap((link, index) => {
    const linkId = idByCode.get(link.shortCode);
    return linkId === undefined ? [] : [...new Set(tagIds[index])].map((tagId) => ({ linkId, tagId }));
  });
  if (pairs.length > 0) await db.insert(shortLinkTags).values(pairs);
  return idByCode;
}

// ---- visitors' reports of links ----

/** A link's id by code on a domain (null: the main host), banned or not (a banned link can still be reported). */
export async function linkIdByCode(db: Db, code: string, domainId: string | null): Promise<number | undefined> {
  const [row] = await db.select({ id: shortLinks.id }).from(shortLinks).where(and(eq(shortLinks.shortCode, code), onDomain(domainId)));
  return row?.id;
}

export async function insertLinkReport(db: Db, values: { linkId: number; code: string; reason: LinkReportReason; details: string | null }) {
  await db.insert(linkReports).values(values);
}

const reportColumns = {
  id: linkReports.id,
  linkId: linkReports.linkId,
  code: linkReports.code,
  reason: linkReports.reason,
  details: linkReports.details,
  status: linkReports.status,
  createdAt: linkReports.createdAt,
  resolvedAt: linkReports.resolvedAt,
  url: shortLinks.originalUrl,
  bannedAt: shortLinks.bannedAt,
  ownerEmail: users.email,
};
export type LinkReportRow = Awaited<ReturnType<typeof listLinkReports>>['rows'][number];

/** Reports, newest first, with their link as it is now (and its owner's e-mail). */
export async function listLinkReports(db: Executor, options: { status?: LinkReportStatus; page: number; pageSize: number; id?: number }) {
  const where = and(options.status ? eq(linkReports.status, options.status) : undefined, options.id !== undefined ? eq(linkReports.id, options.id) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(reportColumns)
      .from(linkReports)
      .leftJoin(shortLinks, eq(shortLinks.id, linkReports.linkId))
      .leftJoin(users, eq(users.id, shortLinks.userId))
      .where(where)
      .orderBy(desc(linkReports.createdAt), desc(linkReports.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(linkReports).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getLinkReportForUpdate(tx: Executor, id: number) {
  const [row] = await tx.select().from(linkReports).where(eq(linkReports.id, id)).for('update');
  return row;
}

/** Closes this report and every other open report of the same link with the admin's decision. */
export async function resolveLinkReports(tx: Executor, report: { id: number; linkId: number | null }, status: LinkReportStatus, adminId: string) {
  const same = report.linkId === null ? eq(linkReports.id, report.id) : or(eq(linkReports.id, report.id), and(eq(linkReports.linkId, report.linkId), eq(linkReports.status, 'open')));
  await tx.update(linkReports).set({ status, resolvedBy: adminId, resolvedAt: new Date() }).where(same);
}

/** Bans a link (as the admins' links page does); answers its code and destination, or undefined. */
export async function banLinkById(tx: Executor, id: number) {
  const [row] = await tx
    .update(shortLinks)
    .set({ bannedAt: sql`coalesce(${shortLinks.bannedAt}, now())` })
    .where(eq(shortLinks.id, id))
    .returning({ code: shortLinks.shortCode, domainId: shortLinks.domainId, url: shortLinks.originalUrl });
  return row;
}

/** The owner's oldest plain link to `url` on the main host: no password, limits, targeting or ban (a product's Share panel reuses it). */
export async function plainUserLinkTo(db: Db, userId: string, url: string): Promise<ShortLink | undefined> {
  const [row] = await db
    .select()
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.userId, userId),
        eq(shortLinks.originalUrl, url),
        isNull(shortLinks.domainId),
        isNull(shortLinks.bannedAt),
        isNull(shortLinks.passwordHash),
        isNull(shortLinks.expiresAt),
        isNull(shortLinks.maxClicks),
        isNull(shortLinks.iosUrl),
        isNull(shortLinks.androidUrl),
        isNull(shortLinks.countryUrls),
      ),
    )
    .orderBy(asc(shortLinks.createdAt), asc(shortLinks.id))
    .limit(1);
  return row;
}

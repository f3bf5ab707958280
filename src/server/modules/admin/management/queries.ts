import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminLink, AdminProduct, AdminUser, AuditEntry } from '#shared/admin.ts';
import type { Role } from '#shared/auth.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/admin.ts';
import { sessions, users, verifications } from '../../../db/schema/auth.ts';
import { prefixedId } from '../../../platform/ids.ts';
import { publishOnCommit } from '../../../platform/realtime.ts';
import { SUSPENDED_SESSION_PREFIX, suspendedSessionMark } from '../../../platform/session.ts';
import { DOMAINS_INTERNAL_CHANNEL } from '#shared/domains.ts';
import { domains } from '../../../db/schema/domains.ts';
import { shortLinks } from '../../../db/schema/links.ts';
import { products } from '../../../db/schema/products.ts';
import { userProfiles } from '../../../db/schema/profiles.ts';
import { containsPattern } from '../../../db/like.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

/** `%text%` for ILIKE, with the wildcard characters of the text escaped. */

const offset = ({ page, pageSize }: Paging) => (page - 1) * pageSize;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

// ---- users ----

export async function listUsers(
  db: Db,
  filters: Paging & { q?: string; role?: Role; status?: 'active' | 'suspended' },
): Promise<{ rows: AdminUser[]; total: number }> {
  const q = filters.q?.trim();
  const where = and(
    q ? or(ilike(users.email, containsPattern(q)), ilike(userProfiles.name, containsPattern(q))) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status === 'suspended' ? isNotNull(users.suspendedAt) : filters.status === 'active' ? isNull(users.suspendedAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: userProfiles.name,
        role: users.role,
        plan: users.plan,
        avatarUrl: userProfiles.avatarUrl,
        storefrontSlug: userProfiles.storefrontSlug,
        currency: userProfiles.currency,
        emailVerified: users.emailVerified,
        suspendedAt: users.suspendedAt,
        sendingPaused: sql<boolean>`coalesce((SELECT paused FROM audience_senders WHERE creator_id = ${users.id}), false)`,
        createdAt: users.createdAt,
        productCount: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.userId} = ${users.id})`,
      })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filters.pageSize)
      .offset(offset(filters)),
    db.select({ value: count() }).from(users).innerJoin(userProfiles, eq(userProfiles.id, users.id)).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      avatarUrl: row.avatarUrl ?? `/api/avatars/${row.id}.svg`,
      suspendedAt: iso(row.suspendedAt),
      createdAt: row.createdAt.toISOString(),
      productCount: Number(row.productCount),
    })),
    total: total?.value ?? 0,
  };
}

export async function getUserForUpdate(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role, plan: users.plan, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setUserRole(tx: Executor, id: string, role: Role) {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setUserPlan(tx: Executor, id: string, plan: AdminUser['plan']) {
  await tx.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, id));
  // The plan decides how many of the account's custom domains are served: every instance reloads them.
  await publishOnCommit(tx, DOMAINS_INTERNAL_CHANNEL, 'domains.changed');
}

/**
 * Suspends or reinstates; a suspension also ends every session of the account at once. Each ended
 * session leaves a mark (its token hashed, until it would have expired) so the browser still holding
 * it is told 'account suspended' rather than plainly signed out (platform/session.ts).
 */
export async function setUserSuspended(tx: Executor, id: string, suspended: boolean) {
  await tx
    .update(users)
    .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, id));
  if (suspended) {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ token: sessions.token, expiresAt: sessions.expiresAt });
    if (ended.length > 0) {
      await tx
        .insert(verifications)
        .values(ended.map((session) => ({ id: prefixedId('susp'), identifier: suspendedSessionMark(session.token), value: id, expiresAt: session.expiresAt })));
    }
  } else {
    await tx.delete(verifications).where(and(eq(verifications.value, id), sql`${verifications.identifier} LIKE ${`${SUSPENDED_SESSION_PREFIX}%`}`));
  }
}

// ---- products ----

export async function listProducts(
  db: Db,
  filters: Paging & { q?: string; status?: 'visible' | 'hidden' },
): Promise<{ rows: AdminProduct[]; total: number }> {
  const q = filters.q?.trim();
  const where = and(
    q ? or(ilike(products.name, containsPattern(q)), ilike(userProfiles.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined,
    filters.status === 'hidden' ? isNotNull(products.hiddenAt) : filters.status === 'visible' ? isNull(products.hiddenAt) : undefined,
  );
  const from = () =>
    db
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        currency: products.currency,
        category: products.category,
        views: products.views,
        salesCount: products.salesCount,
        hiddenAt: products.hiddenAt,
        createdAt: products.createdAt,
        creatorId: users.id,
        creatorName: userProfiles.name,
        creatorEmail: users.email,
        creatorSuspendedAt: users.suspendedAt,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .innerJoin(userProfiles, eq(userProfiles.id, products.userId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(filters.pageSize)
      .offset(offset(filters)),
    db
      .select({ value: count() })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .innerJoin(userProfiles, eq(userProfiles.id, products.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      priceCents: row.priceCents,
      currency: row.currency,
      category: row.category,
      views: row.views,
      salesCount: row.salesCount,
      hiddenAt: iso(row.hiddenAt),
      createdAt: row.createdAt.toISOString(),
      creator: { id: row.creatorId, name: row.creatorName, email: row.creatorEmail, suspended: row.creatorSuspendedAt !== null },
    })),
    total: total?.value ?? 0,
  };
}

export async function getProductForUpdate(tx: Executor, id: string) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function setProductHidden(tx: Executor, id: string, hidden: boolean) {
  await tx
    .update(products)
    .set({ hiddenAt: hidden ? new Date() : null, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function deleteProductRow(tx: Executor, id: string) {
  await tx.delete(products).where(eq(products.id, id));
}

// ---- short links ----

export async function listLinks(
  db: Db,
  filters: Paging & { q?: string; status?: 'active' | 'banned' },
): Promise<{ rows: AdminLink[]; total: number }> {
  const q = filters.q?.trim();
  const where = and(
    q ? or(ilike(shortLinks.shortCode, containsPattern(q)), ilike(shortLinks.originalUrl, containsPattern(q))) : undefined,
    filters.status === 'banned' ? isNotNull(shortLinks.bannedAt) : filters.status === 'active' ? isNull(shortLinks.bannedAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: shortLinks.shortCode,
        domain: domains.hostname,
        url: shortLinks.originalUrl,
        clicks: shortLinks.clicks,
        isCustom: shortLinks.isCustom,
        bannedAt: shortLinks.bannedAt,
        createdAt: shortLinks.createdAt,
        ownerId: users.id,
        ownerEmail: users.email,
      })
      .from(shortLinks)
      .leftJoin(users, eq(users.id, shortLinks.userId))
      .leftJoin(domains, eq(domains.id, shortLinks.domainId))
      .where(where)
      .orderBy(desc(shortLinks.id))
      .limit(filters.pageSize)
      .offset(offset(filters)),
    db.select({ value: count() }).from(shortLinks).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      code: row.code,
      domain: row.domain,
      url: row.url,
      clicks: row.clicks,
      isCustom: row.isCustom,
      bannedAt: iso(row.bannedAt),
      createdAt: row.createdAt.toISOString(),
      owner: row.ownerId && row.ownerEmail ? { id: row.ownerId, email: row.ownerEmail } : null,
    })),
    total: total?.value ?? 0,
  };
}

/** A link by code on this site, or with `domain` (a host name) on that links domain. */
export async function getLinkForUpdate(tx: Executor, code: string, domain?: string) {
  const onDomain = domain
    ? inArray(shortLinks.domainId, tx.select({ id: domains.id }).from(domains).where(eq(domains.hostname, domain.toLowerCase())))
    : isNull(shortLinks.domainId);
  const [row] = await tx.select().from(shortLinks).where(and(eq(shortLinks.shortCode, code), onDomain)).for('update');
  return row;
}

export async function setLinkBanned(tx: Executor, id: number, banned: boolean) {
  await tx
    .update(shortLinks)
    .set({ bannedAt: banned ? new Date() : null })
    .where(eq(shortLinks.id, id));
}

// ---- audit log ----

export async function listAuditLog(db: Db, filters: Paging & { q?: string; action?: string }): Promise<{ rows: AuditEntry[]; total: number }> {
  const q = filters.q?.trim();
  const conditions: (SQL | undefined)[] = [
    q ? or(ilike(auditLog.actorEmail, containsPattern(q)), ilike(auditLog.targetId, containsPattern(q))) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(filters.pageSize)
      .offset(offset(filters)),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: total?.value ?? 0 };
}

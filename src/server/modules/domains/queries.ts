import { and, asc, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { creatorPages } from '../../db/schema/creator-page.ts';
import { domains } from '../../db/schema/domains.ts';
import { shortLinks } from '../../db/schema/links.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

export type DomainRow = typeof domains.$inferSelect;

export function listUserDomains(db: Db, userId: string) {
  return db.select().from(domains).where(eq(domains.userId, userId)).orderBy(asc(domains.createdAt), asc(domains.id));
}

export async function findUserDomain(db: Db, userId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(and(eq(domains.id, id), eq(domains.userId, userId)));
  return row;
}

/** The account's plan, its row locked so that two adds at once cannot pass the limit together. */
export async function lockAccountPlan(tx: Executor, userId: string) {
  const [row] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update');
  return row?.plan;
}

export async function countUserDomains(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(domains).where(eq(domains.userId, userId));
  return row?.n ?? 0;
}

export async function insertDomain(tx: Executor, values: typeof domains.$inferInsert): Promise<DomainRow> {
  const [row] = await tx.insert(domains).values(values).returning();
  return row!;
}

export async function updateDomain(db: Db, id: string, values: Partial<typeof domains.$inferInsert>): Promise<DomainRow | undefined> {
  const [row] = await db.update(domains).set(values).where(eq(domains.id, id)).returning();
  return row;
}

/** How many short links live on this domain. */
export async function countDomainLinks(db: Db, domainId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shortLinks).where(eq(shortLinks.domainId, domainId));
  return row?.n ?? 0;
}

/** Deletes one of the user's domains; its state, or undefined when there was none. */
export async function deleteUserDomain(db: Db, userId: string, id: string) {
  const [row] = await db.delete(domains).where(and(eq(domains.id, id), eq(domains.userId, userId))).returning({ state: domains.state });
  return row?.state;
}

/**
 * The domains the background check looks at: pending and suspended ones, and verified ones not
 * checked for `recheckMs` (a record removed later suspends the domain).
 */
export function domainsDueForCheck(db: Db, now: Date, recheckMs: number, limit: number) {
  return db
    .select()
    .from(domains)
    .where(or(inArray(domains.state, ['pending', 'suspended']), and(eq(domains.state, 'verified'), lt(domains.checkedAt, new Date(now.getTime() - recheckMs)))))
    .orderBy(sql`${domains.checkedAt} ASC NULLS FIRST`)
    .limit(limit);
}

/** Every verified domain with what serving it needs: its owner, purpose, the owner's storefront slug and whether their page is its home. */
export function verifiedDomains(db: Db) {
  return db
    .select({ id: domains.id, hostname: domains.hostname, userId: domains.userId, purpose: domains.purpose, slug: userProfiles.storefrontSlug, pageHome: creatorPages.onDomain })
    .from(domains)
    .leftJoin(userProfiles, eq(userProfiles.id, domains.userId))
    .leftJoin(creatorPages, eq(creatorPages.userId, domains.userId))
    .where(eq(domains.state, 'verified'))
    .orderBy(domains.createdAt);
}

export async function isVerifiedDomain(db: Db, hostname: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.hostname, hostname), eq(domains.state, 'verified')));
  return !!row;
}

export async function accountPlan(db: Db, userId: string) {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row?.plan ?? 'free';
}

export async function productOwner(db: Db, productId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: products.userId }).from(products).where(eq(products.id, productId));
  return row?.userId;
}

import { and, asc, count, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { creatorPages } from '../../db/schema/creator-page.ts';
import { domains } from '../../db/schema/domains.ts';
import { shortLinks } from '../../db/schema/links.ts';
import { products } from '../../db/schema/products.ts';
import { productIdByAddress } from '../products/slugs.ts';
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

/** Another account's verified claim of this host name, if any. */
export async function verifiedClaim(tx: Executor, hostname: string): Promise<DomainRow | undefined> {
  const [row] = await tx
    .select()
    .from(domains)
    .where(and(eq(domains.hostname, hostname), eq(domains.state, 'verified')));
  return row;
}

/** Whether this host name is verified by any account, or claimed by this one already. */
export async function hostnameUnavailable(tx: Executor, userId: string, hostname: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.hostname, hostname), or(eq(domains.state, 'verified'), eq(domains.userId, userId))))
    .limit(1);
  return !!row;
}

/**
 * Takes the host name's lock for the rest of `tx`: the verifications of one host name run one at a
 * time, so exactly one claim wins and the others are released in the same order (no deadlock).
 */
export async function lockHostname(tx: Tx, hostname: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`zerri-domain:${hostname}`}, 0))`);
}

/** A domain row, locked for the rest of `tx`. */
export async function lockDomain(tx: Tx, id: string): Promise<DomainRow | undefined> {
  const [row] = await tx.select().from(domains).where(eq(domains.id, id)).for('update');
  return row;
}

/** The other claims of a host name another account has just verified: failed, so they stop being checked. */
export async function releaseOtherClaims(tx: Tx, hostname: string, winnerId: string, now: Date) {
  await tx
    .update(domains)
    .set({ state: 'failed', problem: 'verified_elsewhere', checkedAt: now })
    .where(and(eq(domains.hostname, hostname), ne(domains.id, winnerId), ne(domains.state, 'verified')));
}

export async function updateDomain(db: Executor, id: string, values: Partial<typeof domains.$inferInsert>): Promise<DomainRow | undefined> {
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

/**
 * Every verified domain with what serving it needs: its owner and their plan (how many are served),
 * purpose, the owner's storefront slug and whether their page is its home.
 */
export function verifiedDomains(db: Db) {
  return db
    .select({
      id: domains.id,
      hostname: domains.hostname,
      userId: domains.userId,
      plan: users.plan,
      purpose: domains.purpose,
      verifiedAt: domains.verifiedAt,
      createdAt: domains.createdAt,
      slug: userProfiles.storefrontSlug,
      pageHome: creatorPages.onDomain,
    })
    .from(domains)
    .innerJoin(users, eq(users.id, domains.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, domains.userId))
    .leftJoin(creatorPages, eq(creatorPages.userId, domains.userId))
    .where(eq(domains.state, 'verified'))
    .orderBy(domains.createdAt);
}

/** The verified domains of the account that holds this host name verified, and its plan; none when nobody does. */
export async function verifiedDomainsOfHolder(db: Db, hostname: string) {
  const [holder] = await db
    .select({ id: domains.id, userId: domains.userId, plan: users.plan })
    .from(domains)
    .innerJoin(users, eq(users.id, domains.userId))
    .where(and(eq(domains.hostname, hostname), eq(domains.state, 'verified')));
  if (!holder) return undefined;
  const verified = await db
    .select({ id: domains.id, verifiedAt: domains.verifiedAt, createdAt: domains.createdAt })
    .from(domains)
    .where(and(eq(domains.userId, holder.userId), eq(domains.state, 'verified')));
  return { id: holder.id, plan: holder.plan, verified };
}

export async function accountPlan(db: Db, userId: string) {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row?.plan ?? 'free';
}

/** The owner of the product a page address names (its id, slug or an earlier slug). */
export async function productOwner(db: Db, address: string): Promise<string | undefined> {
  const found = await productIdByAddress(db, address);
  if (!found) return undefined;
  const [row] = await db.select({ userId: products.userId }).from(products).where(eq(products.id, found.id));
  return row?.userId;
}

import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ACCESS_STATUSES } from '#shared/memberships.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { membershipPlans, membershipTrials, subscriptions } from '../../db/schema/memberships.ts';
import { products, productVersions } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { saleGivesAccess } from '../sales/access.ts';

export type MembershipPlanRow = typeof membershipPlans.$inferSelect;

const liveStatuses = sql.raw(ACCESS_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * Whether `viewerId` may see what is for the members of the product in `productColumn` (a members-only
 * post): its creator, or a member whose subscription gives access. For the community's feed queries.
 */
export function membersOnlyVisible(productColumn: SQL, viewerId: string | undefined): SQL {
  if (!viewerId) return sql`${productColumn} IS NULL`;
  return sql`(${productColumn} IS NULL
    OR EXISTS (SELECT 1 FROM ${products} mp WHERE mp.id = ${productColumn} AND mp.user_id = ${viewerId})
    OR EXISTS (SELECT 1 FROM ${subscriptions} ms WHERE ms.product_id = ${productColumn} AND ms.subscriber_user_id = ${viewerId} AND ms.status IN (${liveStatuses})))`;
}

/**
 * Whether this member had a free trial of the product, ended or not, by account, by e-mail address (in
 * any case) or, when known, by the card's fingerprint (Stripe): one trial per buyer and product. Read
 * from the trials' own record, which outlives a deleted account (membership_trials).
 */
export async function hadTrial(db: Executor, productId: string, member: { id: string; email: string; cardFingerprint?: string | null }): Promise<boolean> {
  const email = member.email.trim().toLowerCase();
  const byCard = member.cardFingerprint ? sql` OR ${membershipTrials.cardFingerprint} = ${member.cardFingerprint}` : sql``;
  const [row] = await db
    .select({ id: membershipTrials.id })
    .from(membershipTrials)
    .where(and(eq(membershipTrials.productId, productId), sql`(${membershipTrials.userId} = ${member.id} OR ${membershipTrials.email} = ${email}${byCard})`))
    .limit(1);
  return row !== undefined;
}

/** Writes down a free trial given (both providers), in the transaction that starts it. */
export async function recordTrial(tx: Executor, trial: { productId: string; userId: string; email: string; cardFingerprint?: string | null; at: Date }) {
  await tx.insert(membershipTrials).values({
    productId: trial.productId,
    userId: trial.userId,
    email: trial.email.trim().toLowerCase(),
    cardFingerprint: trial.cardFingerprint ?? null,
    startedAt: trial.at,
  });
}

export async function getPlan(db: Executor, productId: string) {
  const [row] = await db
    .select({ plan: membershipPlans, product: products })
    .from(membershipPlans)
    .innerJoin(products, eq(products.id, membershipPlans.productId))
    .where(eq(membershipPlans.productId, productId));
  return row;
}

export async function activeVersions(db: Executor, productId: string) {
  return db
    .select({ id: productVersions.id, name: productVersions.name })
    .from(productVersions)
    .where(and(eq(productVersions.productId, productId), isNull(productVersions.archivedAt)))
    .orderBy(productVersions.position);
}

export async function creatorMembershipProducts(db: Db, creatorId: string) {
  return db
    .select({ productId: products.id, name: products.name })
    .from(membershipPlans)
    .innerJoin(products, eq(products.id, membershipPlans.productId))
    .where(eq(products.userId, creatorId))
    .orderBy(products.name);
}

export async function subscriberMemberships(db: Db, userId: string) {
  return db
    .select({ sub: subscriptions, creatorName: userProfiles.name })
    .from(subscriptions)
    .leftJoin(userProfiles, eq(userProfiles.id, subscriptions.creatorId))
    .where(and(eq(subscriptions.subscriberUserId, userId), eq(subscriptions.subject, 'membership')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(200);
}

export async function creatorMembers(db: Db, creatorId: string) {
  return db
    .select({ sub: subscriptions, name: users.name })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.subscriberUserId))
    .where(eq(subscriptions.creatorId, creatorId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(500);
}

/** Members lost in the window (ended or canceled since `since`) and the members live at its start. */
export async function churnCounts(db: Db, creatorId: string, since: Date) {
  const [row] = await db
    .select({
      lost: sql<number>`count(*) FILTER (WHERE ${subscriptions.endedAt} >= ${since})::int`,
      atStart: sql<number>`count(*) FILTER (WHERE ${subscriptions.createdAt} < ${since} AND (${subscriptions.endedAt} IS NULL OR ${subscriptions.endedAt} >= ${since}))::int`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.creatorId, creatorId));
  return row ?? { lost: 0, atStart: 0 };
}

/** Of these sales, the ones paying for a membership that no longer gives access (their downloads stop). */
export async function salesWithoutMembershipAccess(db: Db, saleIds: string[]): Promise<Set<string>> {
  if (saleIds.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT s.id FROM sales s WHERE s.id IN (${sql.join(saleIds.map((id) => sql`${id}`), sql`, `)}) AND NOT ${saleGivesAccess()}`);
  return new Set(rows.map((row) => row.id));
}

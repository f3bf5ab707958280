import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { audienceBuyerConfirmations, audienceDeliveries, audiencePostFiles, audiencePosts, audienceSenders, audienceSubscribers, audienceUnsubscribes, type StoredAudienceFilter } from '../../db/schema/audience.ts';
import { users } from '../../db/schema/auth.ts';
import { saleGivesAccess } from '../sales/access.ts';

/** Whether the buyer at `email` (lowercased) said yes to the creator's mail through a free purchase's receipt link. */
const confirmedBuyer = (creatorId: string, email: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM audience_buyer_confirmations c WHERE c.creator_id = ${creatorId} AND c.email = ${email})`;

/**
 * A sale that makes its buyer one of the creator's customers (decision 020): completed (a wholly
 * refunded one is not), and paid with money (a paid gift included) or, for a free "purchase",
 * whose address the buyer confirmed through the receipt's link. `s` is the sale.
 */
export const audienceSale = (creatorId: string): SQL => sql`s.status = 'completed' AND (s.amount_cents > 0 OR ${confirmedBuyer(creatorId, sql`lower(s.buyer_email)`)})`;

/** The creator's own addresses (their account's and their team members'): never in their audience. `email` is lowercased. */
export const ownAddress = (creatorId: string, email: SQL): SQL => sql`${email} IN (
  SELECT lower(u.email) FROM users u WHERE u.id = ${creatorId}
  UNION ALL SELECT lower(u.email) FROM team_members t JOIN users u ON u.id = t.member_id WHERE t.owner_id = ${creatorId})`;

/**
 * The recipients of an audience filter as one SELECT of (email, user_id, locale), one row per
 * address (lowercased): buyers from sales (audienceSale: wholly refunded ones and unconfirmed free
 * ones left out; of a membership product, its members while their membership gives access: a
 * members-only update), community followers and confirmed "Get updates" subscribers, less the
 * creator's unsubscribed addresses and the creator's own.
 */
export function audienceSelect(creatorId: string, filter: StoredAudienceFilter): SQL {
  const parts: SQL[] = [];
  if (filter.kind === 'customers' || filter.kind === 'product' || filter.kind === 'everyone') {
    const having: SQL[] = [sql`true`];
    if (filter.boughtAfter) having.push(sql`max(s.created_at) >= ${new Date(filter.boughtAfter).toISOString()}::timestamptz`);
    if (filter.minSpentCents !== null && filter.minSpentCents > 0) having.push(sql`sum(s.amount_cents - s.refunded_cents) >= ${filter.minSpentCents}`);
    parts.push(sql`
      SELECT lower(s.buyer_email) AS email,
        (array_agg(s.buyer_user_id ORDER BY s.created_at DESC) FILTER (WHERE s.buyer_user_id IS NOT NULL))[1] AS user_id,
        (array_agg(o.locale ORDER BY s.created_at DESC))[1] AS locale
      FROM sales s JOIN orders o ON o.id = s.order_id
      WHERE s.creator_id = ${creatorId} AND ${audienceSale(creatorId)}
        ${filter.kind === 'product' ? sql`AND s.product_id = ${filter.productId} AND ${saleGivesAccess()}` : sql``}
      GROUP BY lower(s.buyer_email)
      HAVING ${sql.join(having, sql` AND `)}`);
  }
  if (filter.kind === 'followers' || filter.kind === 'everyone') {
    parts.push(sql`SELECT lower(u.email) AS email, u.id AS user_id, u.locale AS locale FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ${creatorId}`);
    parts.push(sql`SELECT a.email, NULL::text AS user_id, a.locale FROM audience_subscribers a WHERE a.creator_id = ${creatorId} AND a.confirmed_at IS NOT NULL`);
  }
  return sql`
    SELECT DISTINCT ON (m.email) m.email, m.user_id, coalesce(u.locale, m.locale, 'en') AS locale
    FROM (${sql.join(parts, sql` UNION ALL `)}) m
    LEFT JOIN users u ON u.id = m.user_id
    WHERE m.email <> '' AND NOT EXISTS (SELECT 1 FROM audience_unsubscribes x WHERE x.creator_id = ${creatorId} AND x.email = m.email)
      AND NOT ${ownAddress(creatorId, sql`m.email`)}
    ORDER BY m.email, m.user_id NULLS LAST`;
}

/**
 * Whether a sale of `amountCents` to `email` makes the address one of the creator's customers now
 * (audienceSale's rule for one sale, the creator's own addresses left out): what workflows enrol.
 */
export async function countsAsCustomer(executor: Executor, creatorId: string, email: string, amountCents: number): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const { rows } = await executor.execute<{ ok: boolean }>(sql`
    SELECT (${amountCents} > 0 OR ${confirmedBuyer(creatorId, sql`${address}`)}) AND NOT ${ownAddress(creatorId, sql`${address}`)} AS ok`);
  return rows[0]?.ok === true;
}

export async function countAudience(executor: Executor, creatorId: string, filter: StoredAudienceFilter): Promise<number> {
  const { rows } = await executor.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${audienceSelect(creatorId, filter)}) a`);
  return Number(rows[0]?.n ?? 0);
}

/** Writes a post's recipients into audience_deliveries (once: the unique (post, email) keeps a repeat to nothing); the number written. */
export async function expandDeliveries(executor: Executor, postId: string, creatorId: string, filter: StoredAudienceFilter): Promise<number> {
  const result = await executor.execute(sql`
    INSERT INTO audience_deliveries (post_id, email, user_id, locale)
    SELECT ${postId}::uuid, a.email, a.user_id, a.locale FROM (${audienceSelect(creatorId, filter)}) a
    ON CONFLICT (post_id, email) DO NOTHING`);
  return result.rowCount ?? 0;
}

/** Whether `email` is one of the creator's own addresses (theirs or a team member's): never enrolled in their workflows. */
export async function isOwnAddress(executor: Executor, creatorId: string, email: string): Promise<boolean> {
  const { rows } = await executor.execute<{ own: boolean }>(sql`SELECT ${ownAddress(creatorId, sql`${email.trim().toLowerCase()}`)} AS own`);
  return rows[0]?.own === true;
}

export async function audienceCounts(executor: Executor, creatorId: string) {
  const { rows } = await executor.execute<{ customers: number; followers: number; subscribers: number; unsubscribed: number }>(sql`
    SELECT
      (SELECT count(DISTINCT lower(s.buyer_email))::int FROM sales s WHERE s.creator_id = ${creatorId} AND ${audienceSale(creatorId)}
        AND NOT ${ownAddress(creatorId, sql`lower(s.buyer_email)`)}) AS customers,
      (SELECT count(*)::int FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ${creatorId} AND NOT ${ownAddress(creatorId, sql`lower(u.email)`)}) AS followers,
      (SELECT count(*)::int FROM audience_subscribers a WHERE a.creator_id = ${creatorId} AND a.confirmed_at IS NOT NULL AND NOT ${ownAddress(creatorId, sql`a.email`)}) AS subscribers,
      (SELECT count(*)::int FROM audience_unsubscribes WHERE creator_id = ${creatorId}) AS unsubscribed`);
  return rows[0]!;
}

/** The creator's e-mails of this UTC month: posts' deliveries, workflow mails and imports' confirmation mails. */
export async function sentThisMonth(executor: Executor, creatorId: string): Promise<number> {
  const { rows } = await executor.execute<{ n: number }>(sql`
    WITH month AS (SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
    SELECT (SELECT count(*) FROM audience_deliveries d JOIN audience_posts p ON p.id = d.post_id, month
              WHERE p.creator_id = ${creatorId} AND d.sent_at >= month.start)
         + (SELECT count(*) FROM audience_workflow_mails w, month WHERE w.creator_id = ${creatorId} AND w.sent_at >= month.start)
         -- An import's confirmation mails (modules/customers/import.ts): one per address it added.
         + (SELECT coalesce(sum(i.added), 0) FROM audience_imports i, month WHERE i.creator_id = ${creatorId} AND i.created_at >= month.start) AS n`);
  return Number(rows[0]?.n ?? 0);
}

export async function isSendingPaused(executor: Executor, creatorId: string): Promise<boolean> {
  const [row] = await executor.select({ paused: audienceSenders.paused }).from(audienceSenders).where(eq(audienceSenders.creatorId, creatorId));
  return row?.paused ?? false;
}

export async function setSendingPaused(executor: Executor, creatorId: string, paused: boolean): Promise<void> {
  await executor
    .insert(audienceSenders)
    .values({ creatorId, paused })
    .onConflictDoUpdate({ target: audienceSenders.creatorId, set: { paused, updatedAt: new Date() } });
}

export type PostRow = typeof audiencePosts.$inferSelect;

/** A creator's posts (newest first) with their stats. */
export async function listPosts(executor: Executor, creatorId: string, postId?: string) {
  return executor
    .select({
      post: audiencePosts,
      recipients: sql<number>`(SELECT count(*)::int FROM ${audienceDeliveries} d WHERE d.post_id = audience_posts.id)`,
      sent: sql<number>`(SELECT count(*)::int FROM ${audienceDeliveries} d WHERE d.post_id = audience_posts.id AND d.sent_at IS NOT NULL)`,
      delivered: sql<number>`(SELECT count(*)::int FROM ${audienceDeliveries} d WHERE d.post_id = audience_posts.id AND d.delivered_at IS NOT NULL)`,
      opened: sql<number>`(SELECT count(*)::int FROM ${audienceDeliveries} d WHERE d.post_id = audience_posts.id AND d.opened_at IS NOT NULL)`,
      clicked: sql<number>`(SELECT count(*)::int FROM ${audienceDeliveries} d WHERE d.post_id = audience_posts.id AND d.clicked_at IS NOT NULL)`,
      unsubscribed: sql<number>`(SELECT count(*)::int FROM ${audienceUnsubscribes} x WHERE x.post_id = audience_posts.id)`,
    })
    .from(audiencePosts)
    .where(and(eq(audiencePosts.creatorId, creatorId), postId ? eq(audiencePosts.id, postId) : undefined))
    .orderBy(desc(audiencePosts.createdAt))
    .limit(200);
}

export async function unsubscribe(executor: Executor, creatorId: string, email: string, postId: string | undefined): Promise<void> {
  // The post may be gone; then the unsubscribe is kept without it.
  const [post] = postId ? await executor.select({ id: audiencePosts.id }).from(audiencePosts).where(and(eq(audiencePosts.id, postId), eq(audiencePosts.creatorId, creatorId))) : [];
  await executor
    .insert(audienceUnsubscribes)
    .values({ creatorId, email: email.toLowerCase(), postId: post?.id ?? null })
    .onConflictDoNothing();
}

export async function addSubscriber(executor: Executor, creatorId: string, email: string, locale: 'en' | 'es' | 'fr') {
  await executor.insert(audienceSubscribers).values({ creatorId, email, locale }).onConflictDoUpdate({
    target: [audienceSubscribers.creatorId, audienceSubscribers.email],
    set: { locale },
  });
}

/** A free purchase's address confirmed by its buyer (the receipt's link): a customer from now on, and off the unsubscribed list (a new, explicit yes). */
export async function confirmBuyer(executor: Executor, creatorId: string, email: string): Promise<void> {
  await executor.insert(audienceBuyerConfirmations).values({ creatorId, email }).onConflictDoNothing();
  await executor.delete(audienceUnsubscribes).where(and(eq(audienceUnsubscribes.creatorId, creatorId), eq(audienceUnsubscribes.email, email)));
}

/** A confirmed sign-up: mailed from now on, and taken off the unsubscribed list (this is a new, explicit yes). */
export async function confirmSubscriber(executor: Executor, creatorId: string, email: string): Promise<boolean> {
  const rows = await executor
    .update(audienceSubscribers)
    .set({ confirmedAt: sql`coalesce(${audienceSubscribers.confirmedAt}, now())` })
    .where(and(eq(audienceSubscribers.creatorId, creatorId), eq(audienceSubscribers.email, email)))
    .returning({ id: audienceSubscribers.id });
  if (rows.length === 0) return false;
  await executor.delete(audienceUnsubscribes).where(and(eq(audienceUnsubscribes.creatorId, creatorId), eq(audienceUnsubscribes.email, email)));
  return true;
}

export async function creatorName(executor: Executor, creatorId: string): Promise<{ name: string; email: string; plan: 'free' | 'pro' | 'business' } | undefined> {
  const [row] = await executor.select({ name: users.name, email: users.email, plan: users.plan }).from(users).where(eq(users.id, creatorId));
  return row;
}

/**
 * The posts mailed to a buyer (by account or address), and the sent posts that attach files to a
 * product they own (a purchase by the account, or by its confirmed address), newest first.
 */
export async function updatesFor(executor: Executor, user: { id: string; email: string; emailVerified: boolean }) {
  const email = user.email.toLowerCase();
  const byEmail = user.emailVerified ? sql`lower(s.buyer_email) = ${email}` : sql`false`;
  const { rows } = await executor.execute<{ id: string; subject: string; body: string; creator_name: string | null; sent_at: Date | string }>(sql`
    WITH mine AS (
      SELECT d.post_id AS id, d.sent_at AS at FROM audience_deliveries d
      WHERE d.sent_at IS NOT NULL AND (d.user_id = ${user.id} OR d.email = ${email})
      UNION ALL
      SELECT p.id, coalesce(p.sent_at, p.scheduled_at, p.created_at) FROM audience_posts p
      WHERE p.status IN ('sending', 'sent') AND p.update_product_id IN (
        SELECT s.product_id FROM sales s WHERE s.status = 'completed' AND (s.buyer_user_id = ${user.id} OR ${byEmail}) AND ${saleGivesAccess()})
    )
    SELECT p.id, p.subject, p.body, u.name AS creator_name, max(mine.at) AS sent_at
    FROM mine JOIN audience_posts p ON p.id = mine.id LEFT JOIN users u ON u.id = p.creator_id
    GROUP BY p.id, u.name
    ORDER BY max(mine.at) DESC
    LIMIT 100`);
  return rows;
}

/** An attached file with its post and product, for its download. */
export async function postFile(executor: Executor, fileId: string) {
  const [row] = await executor
    .select({ file: audiencePostFiles, status: audiencePosts.status, creatorId: audiencePosts.creatorId })
    .from(audiencePostFiles)
    .innerJoin(audiencePosts, eq(audiencePosts.id, audiencePostFiles.postId))
    .where(eq(audiencePostFiles.id, fileId));
  return row;
}

/** A delivery's post body, for its click redirect: the link is looked up in the post, never taken from the request. */
export async function deliveryPost(executor: Executor, deliveryId: number) {
  const [row] = await executor
    .select({ body: audiencePosts.body, trackOpens: audiencePosts.trackOpens })
    .from(audienceDeliveries)
    .innerJoin(audiencePosts, eq(audiencePosts.id, audienceDeliveries.postId))
    .where(and(eq(audienceDeliveries.id, deliveryId), isNotNull(audienceDeliveries.sentAt)));
  return row;
}

/** The first open or click of a delivery (later ones change nothing). */
export async function markTracked(executor: Executor, deliveryId: number, what: 'opened' | 'clicked'): Promise<void> {
  const column = what === 'opened' ? audienceDeliveries.openedAt : audienceDeliveries.clickedAt;
  await executor
    .update(audienceDeliveries)
    .set(what === 'opened' ? { openedAt: sql`coalesce(${column}, now())` } : { clickedAt: sql`coalesce(${column}, now())` })
    .where(eq(audienceDeliveries.id, deliveryId));
}

/** The files attached to these posts, oldest first. */
export async function postFiles(executor: Executor, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  return executor
    .select({ id: audiencePostFiles.id, postId: audiencePostFiles.postId, productId: audiencePostFiles.productId, name: audiencePostFiles.fileName, size: audiencePostFiles.fileSize, key: audiencePostFiles.fileKey })
    .from(audiencePostFiles)
    .where(inArray(audiencePostFiles.postId, [...postIds]))
    .orderBy(asc(audiencePostFiles.createdAt), asc(audiencePostFiles.id));
}

import { and, eq, or, sql } from 'drizzle-orm';
import { CONVERSATIONS_PAGE_SIZE, THREAD_PAGE_SIZE } from '#shared/conversations.ts';
import type { Db, Executor } from '../../db/client.ts';
import { conversationMessages, conversationReports, conversations, userBlocks } from '../../db/schema/conversations.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** The two members in the order the table keeps them. */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function findConversationBetween(db: Executor, a: string, b: string): Promise<ConversationRow | undefined> {
  const [low, high] = orderedPair(a, b);
  const [row] = await db.select().from(conversations).where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)));
  return row;
}

/** Creates the pair's conversation, or answers the one it already has (two starts at once make one). */
export async function createConversation(db: Db, id: string, a: string, b: string): Promise<ConversationRow> {
  const [low, high] = orderedPair(a, b);
  await db.insert(conversations).values({ id, userLow: low, userHigh: high }).onConflictDoNothing();
  return (await findConversationBetween(db, a, b))!;
}

/** Why `a` may start a conversation with `b`, if any (src/shared/conversations.ts CONVERSATION_REASONS). */
export async function reasonToTalk(db: Db, a: string, b: string): Promise<string | undefined> {
  const result = await db.execute<{ reason: string }>(sql`
    SELECT 'purchase' AS reason WHERE EXISTS (
      SELECT 1 FROM sales WHERE (buyer_user_id = ${a} AND creator_id = ${b}) OR (buyer_user_id = ${b} AND creator_id = ${a}))
    UNION ALL
    SELECT 'application' WHERE EXISTS (
      SELECT 1 FROM job_applications ja JOIN jobs j ON j.id = ja.job_id
      WHERE (ja.applicant_id = ${a} AND j.company_id = ${b}) OR (ja.applicant_id = ${b} AND j.company_id = ${a}))
    UNION ALL
    SELECT 'mutual_follow' WHERE EXISTS (SELECT 1 FROM follows WHERE follower_id = ${a} AND followee_id = ${b})
      AND EXISTS (SELECT 1 FROM follows WHERE follower_id = ${b} AND followee_id = ${a})
    LIMIT 1`);
  return result.rows[0]?.reason;
}

export async function isBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return Boolean(row);
}

export async function setBlock(db: Db, blockerId: string, blockedId: string, blocked: boolean) {
  if (blocked) await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  else await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function addReport(db: Db, conversationId: string, reporterId: string, reason: string) {
  await db
    .insert(conversationReports)
    .values({ conversationId, reporterId, reason })
    .onConflictDoUpdate({ target: [conversationReports.conversationId, conversationReports.reporterId], set: { reason, createdAt: sql`now()` } });
}

export type SummaryRow = {
  id: string;
  other_id: string;
  other_name: string;
  other_avatar_url: string | null;
  last_id: number | null;
  last_sender_id: string | null;
  last_text: string | null;
  last_attachment_name: string | null;
  last_attachment_type: string | null;
  last_attachment_size: string | number | null;
  last_created_at: string | null;
  unread_count: number;
  blocked_by_me: boolean;
  blocked_me: boolean;
  reported_by_me: boolean;
  updated_at: string;
};

/** The viewer's read mark in a conversation row `c`. */
const readAt = (viewerId: string) => sql`CASE WHEN c.user_low = ${viewerId} THEN c.low_read_at ELSE c.high_read_at END`;

/** The viewer's conversations (or one of them), as summaries: the other member, the last message, the unread count. */
export async function listSummaries(db: Db, viewerId: string, onlyId?: string): Promise<SummaryRow[]> {
  const result = await db.execute<SummaryRow>(sql`
    SELECT c.id, o.id AS other_id, up.name AS other_name, up.avatar_url AS other_avatar_url,
      last.id AS last_id, last.sender_id AS last_sender_id, last.text AS last_text, last.created_at::text AS last_created_at,
      last.attachment_name AS last_attachment_name, last.attachment_type AS last_attachment_type, last.attachment_size AS last_attachment_size,
      (SELECT count(*)::int FROM ${conversationMessages} m
        WHERE m.conversation_id = c.id AND m.sender_id <> ${viewerId} AND m.created_at > ${readAt(viewerId)}) AS unread_count,
      EXISTS (SELECT 1 FROM ${userBlocks} b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = o.id) AS blocked_by_me,
      EXISTS (SELECT 1 FROM ${userBlocks} b WHERE b.blocker_id = o.id AND b.blocked_id = ${viewerId}) AS blocked_me,
      EXISTS (SELECT 1 FROM ${conversationReports} r WHERE r.conversation_id = c.id AND r.reporter_id = ${viewerId}) AS reported_by_me,
      c.updated_at::text AS updated_at
    FROM ${conversations} c
    CROSS JOIN LATERAL (SELECT CASE WHEN c.user_low = ${viewerId} THEN c.user_high ELSE c.user_low END AS id) o
    JOIN user_profiles up ON up.id = o.id
    LEFT JOIN LATERAL (
      SELECT m.id, m.sender_id, m.text, m.created_at, m.attachment_name, m.attachment_type, m.attachment_size
      FROM ${conversationMessages} m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1
    ) last ON true
    WHERE (c.user_low = ${viewerId} OR c.user_high = ${viewerId}) ${onlyId ? sql`AND c.id = ${onlyId}` : sql``}
    ORDER BY c.updated_at DESC, c.id DESC
    LIMIT ${CONVERSATIONS_PAGE_SIZE}`);
  return result.rows;
}

/** How many messages to the user are unread, over all their conversations. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${conversations} c JOIN ${conversationMessages} m ON m.conversation_id = c.id
    WHERE (c.user_low = ${userId} OR c.user_high = ${userId}) AND m.sender_id <> ${userId} AND m.created_at > ${readAt(userId)}`);
  return result.rows[0]?.n ?? 0;
}

/** The newest messages of a conversation, oldest first. */
export async function listMessages(db: Executor, conversationId: string) {
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(sql`${conversationMessages.id} DESC`)
    .limit(THREAD_PAGE_SIZE);
  return rows.reverse();
}

/** Writes a message and moves the conversation up the inbox; the sender has read everything up to it. */
export interface NewAttachment {
  key: string;
  name: string;
  type: string;
  size: number;
}

export async function insertMessage(db: Db, conversation: ConversationRow, senderId: string, text: string, attachment?: NewAttachment) {
  return db.transaction(async (tx) => {
    const values = attachment
      ? { attachmentKey: attachment.key, attachmentName: attachment.name, attachmentType: attachment.type, attachmentSize: attachment.size }
      : {};
    const [message] = await tx.insert(conversationMessages).values({ conversationId: conversation.id, senderId, text, ...values }).returning();
    const senderRead = conversation.userLow === senderId ? { lowReadAt: message!.createdAt } : { highReadAt: message!.createdAt };
    await tx
      .update(conversations)
      .set({ updatedAt: message!.createdAt, ...senderRead })
      .where(eq(conversations.id, conversation.id));
    return message!;
  });
}

export async function markRead(db: Db, conversation: ConversationRow, userId: string) {
  const set = conversation.userLow === userId ? { lowReadAt: sql`now()` } : { highReadAt: sql`now()` };
  await db.update(conversations).set(set).where(eq(conversations.id, conversation.id));
}

export async function listReported(db: Db) {
  const result = await db.execute<{
    id: string;
    low_id: string;
    low_name: string;
    low_avatar: string | null;
    high_id: string;
    high_name: string;
    high_avatar: string | null;
    reporter_id: string;
    reporter_name: string;
    reporter_avatar: string | null;
    reason: string;
    created_at: string;
  }>(sql`
    SELECT c.id, lo.id AS low_id, lo.name AS low_name, lo.avatar_url AS low_avatar, hi.id AS high_id, hi.name AS high_name, hi.avatar_url AS high_avatar,
      rp.id AS reporter_id, rp.name AS reporter_name, rp.avatar_url AS reporter_avatar, r.reason, r.created_at::text AS created_at
    FROM ${conversationReports} r JOIN ${conversations} c ON c.id = r.conversation_id
    JOIN user_profiles lo ON lo.id = c.user_low JOIN user_profiles hi ON hi.id = c.user_high JOIN user_profiles rp ON rp.id = r.reporter_id
    ORDER BY r.created_at DESC LIMIT 200`);
  return result.rows;
}

export async function reportsOf(db: Db, conversationId: string) {
  const result = await db.execute<{ reporter_id: string; reporter_name: string; reporter_avatar: string | null; reason: string; created_at: string }>(sql`
    SELECT rp.id AS reporter_id, rp.name AS reporter_name, rp.avatar_url AS reporter_avatar, r.reason, r.created_at::text AS created_at
    FROM ${conversationReports} r JOIN user_profiles rp ON rp.id = r.reporter_id WHERE r.conversation_id = ${conversationId} ORDER BY r.created_at`);
  return result.rows;
}

export async function profilesOf(db: Db, ids: string[]) {
  const result = await db.execute<{ id: string; name: string; avatar_url: string | null }>(sql`
    SELECT id, name, avatar_url FROM user_profiles WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return result.rows;
}

export const memberCondition = (userId: string) => or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId));

/** A message's attachment with the members of its conversation. */
export async function messageAttachment(db: Db, conversationId: string, messageId: number) {
  const [row] = await db
    .select({ key: conversationMessages.attachmentKey, name: conversationMessages.attachmentName, type: conversationMessages.attachmentType })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.id, messageId)));
  return row?.key ? { key: row.key, name: row.name ?? 'file', type: row.type ?? 'application/octet-stream' } : undefined;
}

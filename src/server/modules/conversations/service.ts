// Direct messages (issue #22). A conversation belongs to its two members: every read and write here
// checks membership first and answers 404 to anyone else (a conversation's existence is private too).
// Starting one needs a reason (reasonToTalk); writing needs that the other member has not blocked the
// writer. A member's report opens the conversation to admins; nothing else does.
import { eq } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, MESSAGE_TEXT_MAX } from '#shared/conversations.ts';
import type { AdminConversation, ConversationMessage, ConversationSummary, ConversationThread, ReportedConversation } from '#shared/conversations-api.ts';
import { userChannel } from '#shared/realtime.ts';
import { users } from '../../db/schema/auth.ts';
import type { conversationMessages } from '../../db/schema/conversations.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import {
  addReport,
  type ConversationRow,
  countUnread,
  createConversation,
  findConversation,
  findConversationBetween,
  insertMessage,
  isBlocked,
  listMessages,
  listReported,
  listSummaries,
  markRead,
  profilesOf,
  reasonToTalk,
  reportsOf,
  setBlock,
  type SummaryRow,
} from './queries.ts';

const avatar = (id: string, url: string | null) => url ?? `/api/avatars/${id}.svg`;
const person = (id: string, name: string, url: string | null) => ({ id, name, avatarUrl: avatar(id, url) });
const iso = (text: string) => new Date(text).toISOString();

export const toMessage = (row: typeof conversationMessages.$inferSelect): ConversationMessage => ({
  id: row.id,
  senderId: row.senderId,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    other: person(row.other_id, row.other_name, row.other_avatar_url),
    lastMessage:
      row.last_id === null ? null : { id: Number(row.last_id), senderId: row.last_sender_id!, text: row.last_text!, createdAt: iso(row.last_created_at!) },
    unreadCount: row.unread_count,
    blockedByMe: row.blocked_by_me,
    blockedMe: row.blocked_me,
    reportedByMe: row.reported_by_me,
    updatedAt: iso(row.updated_at),
  };
}

const notFound = () => new NotFoundError(CONVERSATION_MESSAGES.notFound, 'conversation_not_found');
const isMember = (conversation: ConversationRow, userId: string) => conversation.userLow === userId || conversation.userHigh === userId;
const otherOf = (conversation: ConversationRow, userId: string) => (conversation.userLow === userId ? conversation.userHigh : conversation.userLow);

/** The conversation, if the user is one of its two members; else 404, whoever asks (admins too). */
export async function memberConversation(ctx: AppContext, id: string, userId: string): Promise<ConversationRow> {
  const conversation = await findConversation(ctx.database.db, id);
  if (!conversation || !isMember(conversation, userId)) throw notFound();
  return conversation;
}

async function summary(ctx: AppContext, conversationId: string, viewerId: string): Promise<ConversationSummary> {
  const [row] = await listSummaries(ctx.database.db, viewerId, conversationId);
  if (!row) throw notFound();
  return toSummary(row);
}

export async function listConversations(ctx: AppContext, userId: string) {
  const { db } = ctx.database;
  const [rows, unreadCount] = await Promise.all([listSummaries(db, userId), countUnread(db, userId)]);
  return { items: rows.map(toSummary), unreadCount };
}

export const unreadConversations = async (ctx: AppContext, userId: string) => ({ unreadCount: await countUnread(ctx.database.db, userId) });

/**
 * Starts a conversation with another user, or answers the one the pair already has. A new one needs
 * a reason: a sale between them, a job application between them, or that they follow each other.
 */
export async function startConversation(ctx: AppContext, userId: string, otherId: string): Promise<ConversationSummary> {
  const { db } = ctx.database;
  if (otherId === userId) throw new BadRequestError(CONVERSATION_MESSAGES.withSelf, 'conversation_with_self');
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.id, otherId));
  if (!other) throw new NotFoundError(CONVERSATION_MESSAGES.userNotFound, 'conversation_user_not_found');
  const existing = await findConversationBetween(db, userId, otherId);
  if (existing) return summary(ctx, existing.id, userId);
  if (!(await reasonToTalk(db, userId, otherId))) throw new ForbiddenError(CONVERSATION_MESSAGES.notAllowed, 'conversation_not_allowed');
  if (await isBlocked(db, otherId, userId)) throw new ForbiddenError(CONVERSATION_MESSAGES.blocked, 'conversation_blocked');
  const conversation = await createConversation(db, prefixedId('conv'), userId, otherId);
  return summary(ctx, conversation.id, userId);
}

export async function getThread(ctx: AppContext, id: string, userId: string): Promise<ConversationThread> {
  const conversation = await memberConversation(ctx, id, userId);
  const [conversationSummary, messages] = await Promise.all([summary(ctx, conversation.id, userId), listMessages(ctx.database.db, conversation.id)]);
  return { conversation: conversationSummary, messages: messages.map(toMessage) };
}

/** After a change: each member's stream hears of it with their own unread total. */
async function announce(ctx: AppContext, conversation: ConversationRow, members: string[] = [conversation.userLow, conversation.userHigh]) {
  await Promise.all(
    members.map(async (member) =>
      ctx.realtime.publish(userChannel(member), 'conversations.changed', { conversationId: conversation.id, unreadCount: await countUnread(ctx.database.db, member) }),
    ),
  );
}

export async function sendMessage(ctx: AppContext, id: string, userId: string, rawText: string): Promise<ConversationMessage> {
  const { db } = ctx.database;
  const conversation = await memberConversation(ctx, id, userId);
  const text = rawText.trim();
  if (!text) throw new BadRequestError(CONVERSATION_MESSAGES.emptyMessage, 'conversation_empty');
  if (text.length > MESSAGE_TEXT_MAX) throw new BadRequestError(CONVERSATION_MESSAGES.messageTooLong, 'conversation_message_too_long');
  const otherId = otherOf(conversation, userId);
  if (await isBlocked(db, otherId, userId)) throw new ForbiddenError(CONVERSATION_MESSAGES.blocked, 'conversation_blocked');
  if (await isBlocked(db, userId, otherId)) throw new ForbiddenError(CONVERSATION_MESSAGES.youBlocked, 'conversation_you_blocked');
  const message = await insertMessage(db, conversation, userId, text);
  await announce(ctx, conversation);
  return toMessage(message);
}

export async function readConversation(ctx: AppContext, id: string, userId: string): Promise<void> {
  const conversation = await memberConversation(ctx, id, userId);
  await markRead(ctx.database.db, conversation, userId);
  await announce(ctx, conversation, [userId]);
}

/** Blocks (or unblocks) the other member: while blocked they cannot write to the user. */
export async function blockMember(ctx: AppContext, id: string, userId: string, blocked: boolean): Promise<ConversationSummary> {
  const conversation = await memberConversation(ctx, id, userId);
  await setBlock(ctx.database.db, userId, otherOf(conversation, userId), blocked);
  await announce(ctx, conversation);
  return summary(ctx, conversation.id, userId);
}

export async function reportConversation(ctx: AppContext, id: string, userId: string, reason: string): Promise<ConversationSummary> {
  const conversation = await memberConversation(ctx, id, userId);
  await addReport(ctx.database.db, conversation.id, userId, reason.trim());
  return summary(ctx, conversation.id, userId);
}

export async function reportedConversations(ctx: AppContext): Promise<ReportedConversation[]> {
  const rows = await listReported(ctx.database.db);
  return rows.map((row) => ({
    id: row.id,
    members: [person(row.low_id, row.low_name, row.low_avatar), person(row.high_id, row.high_name, row.high_avatar)],
    reporter: person(row.reporter_id, row.reporter_name, row.reporter_avatar),
    reason: row.reason,
    reportedAt: iso(row.created_at),
  }));
}

/** A conversation as an admin reads it: only a reported one; any other is 404, as if it did not exist. */
export async function adminConversation(ctx: AppContext, id: string): Promise<AdminConversation> {
  const { db } = ctx.database;
  const conversation = await findConversation(db, id);
  const reports = conversation ? await reportsOf(db, conversation.id) : [];
  if (!conversation || reports.length === 0) throw notFound();
  const [members, messages] = await Promise.all([profilesOf(db, [conversation.userLow, conversation.userHigh]), listMessages(db, conversation.id)]);
  return {
    id: conversation.id,
    members: members.map((row) => person(row.id, row.name, row.avatar_url)),
    reports: reports.map((row) => ({ reporter: person(row.reporter_id, row.reporter_name, row.reporter_avatar), reason: row.reason, reportedAt: iso(row.created_at) })),
    messages: messages.map(toMessage),
  };
}

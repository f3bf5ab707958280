// Direct messages (issue #22). A conversation belongs to its two members: every read and write here
// checks membership first and answers 404 to anyone else (a conversation's existence is private too).
// Starting one needs a reason (reasonToTalk); writing needs that the other member has not blocked the
// writer. A member's report opens the conversation to admins; nothing else does.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES } from '#shared/community.ts';
import { CONVERSATION_MESSAGES, MESSAGE_TEXT_MAX } from '#shared/conversations.ts';
import type { AdminConversation, ConversationMessage, MessageAttachment, ConversationSummary, ConversationThread, ReportedConversation } from '#shared/conversations-api.ts';
import { userChannel } from '#shared/realtime.ts';
import { users } from '../../db/schema/auth.ts';
import type { conversationMessages } from '../../db/schema/conversations.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { safeFileName } from '../../platform/file-names.ts';
import { processImage } from '../../platform/images.ts';
import { receiveMultipart, videoExtension } from '../../platform/multipart.ts';
import { prefixedId } from '../../platform/ids.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { assertAdminSecondFactor } from '../../platform/two-factor.ts';
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
  messageAttachment,
  type NewAttachment,
  profilesOf,
  reasonToTalk,
  reportsOf,
  setBlock,
  type SummaryRow,
} from './queries.ts';

const avatar = (id: string, url: string | null) => url ?? `/api/avatars/${id}.svg`;
const person = (id: string, name: string, url: string | null) => ({ id, name, avatarUrl: avatar(id, url) });
const iso = (text: string) => new Date(text).toISOString();

/** Where a message's attachment is read: members (and an admin, for a reported conversation) only. */
export const attachmentUrl = (conversationId: string, messageId: number) => `/api/conversations/${conversationId}/attachments/${messageId}`;

const attachmentOf = (conversationId: string, messageId: number, name: string | null, type: string | null, size: string | number | null): MessageAttachment | null =>
  name && type
    ? { name, kind: type.startsWith('video/') ? 'video' : 'image', size: Number(size ?? 0), url: attachmentUrl(conversationId, messageId) }
    : null;

export const toMessage = (row: typeof conversationMessages.$inferSelect): ConversationMessage => ({
  id: row.id,
  senderId: row.senderId,
  text: row.text,
  attachment: attachmentOf(row.conversationId, row.id, row.attachmentName, row.attachmentType, row.attachmentSize),
  createdAt: row.createdAt.toISOString(),
});

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    other: person(row.other_id, row.other_name, row.other_avatar_url),
    lastMessage:
      row.last_id === null
        ? null
        : {
            id: Number(row.last_id),
            senderId: row.last_sender_id!,
            text: row.last_text!,
            attachment: attachmentOf(row.id, Number(row.last_id), row.last_attachment_name, row.last_attachment_type, row.last_attachment_size),
            createdAt: iso(row.last_created_at!),
          },
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

/** The checks every message passes (membership, length, blocks); the conversation it goes to. */
async function writableConversation(ctx: AppContext, id: string, userId: string, text: string, options: { attachment: boolean }): Promise<ConversationRow> {
  const { db } = ctx.database;
  const conversation = await memberConversation(ctx, id, userId);
  if (!text && !options.attachment) throw new BadRequestError(CONVERSATION_MESSAGES.emptyMessage, 'conversation_empty');
  if (text.length > MESSAGE_TEXT_MAX) throw new BadRequestError(CONVERSATION_MESSAGES.messageTooLong, 'conversation_message_too_long');
  const otherId = otherOf(conversation, userId);
  if (await isBlocked(db, otherId, userId)) throw new ForbiddenError(CONVERSATION_MESSAGES.blocked, 'conversation_blocked');
  if (await isBlocked(db, userId, otherId)) throw new ForbiddenError(CONVERSATION_MESSAGES.youBlocked, 'conversation_you_blocked');
  return conversation;
}

export async function sendMessage(ctx: AppContext, id: string, userId: string, rawText: string): Promise<ConversationMessage> {
  const text = rawText.trim();
  const conversation = await writableConversation(ctx, id, userId, text, { attachment: false });
  const message = await insertMessage(ctx.database.db, conversation, userId, text);
  await announce(ctx, conversation);
  return toMessage(message);
}

/**
 * A message with an image or a video (multipart: `text`, and `image` or `video`), by the community
 * posts' upload rules: an image checked by its content and re-encoded (≤ 5 MB), a video checked as
 * MP4/WebM (≤ 50 MB), stored privately within the sender's storage quota.
 */
export async function sendAttachment(ctx: AppContext, request: FastifyRequest, id: string, userId: string): Promise<ConversationMessage> {
  // Membership first: a stranger's upload is refused before a byte of it is stored.
  await memberConversation(ctx, id, userId);
  const form = await receiveMultipart(request, ctx.uploadDir, {
    image: { maxBytes: POST_IMAGE_MAX_BYTES, tooLarge: CONVERSATION_MESSAGES.imageTooLarge },
    video: { maxBytes: POST_VIDEO_MAX_BYTES, tooLarge: CONVERSATION_MESSAGES.videoTooLarge },
  });
  let stored: string | undefined;
  try {
    const text = (form.fields.text ?? '').trim();
    const { image, video } = form.files;
    if (image && video) throw new BadRequestError(CONVERSATION_MESSAGES.imageOrVideo, 'message_image_or_video');
    const conversation = await writableConversation(ctx, id, userId, text, { attachment: Boolean(image || video) });
    let attachment: NewAttachment | undefined;
    if (image) {
      const processed = await processImage(image.path, { message: CONVERSATION_MESSAGES.invalidImage, code: 'message_invalid_image', fullWidth: 1600, cardWidth: 480 });
      const key = `${userId}/${randomUUID()}.webp`;
      const body = processed.full;
      await ctx.userFiles.store(userId, [{ bucket: 'message-files', key, size: body.length, body: () => Readable.from([body]), contentType: 'image/webp' }]);
      stored = key;
      attachment = { key, name: `${path.parse(safeFileName(image.filename)).name || 'image'}.webp`, type: 'image/webp', size: body.length };
    }
    if (video) {
      const extension = await videoExtension(video.path);
      if (!extension) throw new AppError(415, 'message_invalid_video', CONVERSATION_MESSAGES.invalidVideo);
      const key = `${userId}/${randomUUID()}${extension}`;
      const type = extension === '.webm' ? 'video/webm' : 'video/mp4';
      await ctx.userFiles.store(userId, [{ bucket: 'message-files', key, size: video.size, body: () => fs.createReadStream(video.path), contentType: type }]);
      stored = key;
      attachment = { key, name: `${path.parse(safeFileName(video.filename)).name || 'video'}${extension}`, type, size: video.size };
    }
    const message = await insertMessage(ctx.database.db, conversation, userId, text, attachment);
    await announce(ctx, conversation);
    return toMessage(message);
  } catch (error) {
    if (stored) await ctx.storage.delete('message-files', stored).catch(() => {});
    throw error;
  } finally {
    await form.cleanup();
  }
}

/** A message's attachment for one of the conversation's members, or an admin once it was reported; anyone else 404. */
export async function openAttachment(ctx: AppContext, viewer: SessionUser, id: string, messageId: number) {
  const { db } = ctx.database;
  const conversation = await findConversation(db, id);
  const asAdmin = Boolean(conversation && !isMember(conversation, viewer.id) && viewer.role === 'admin' && (await reportsOf(db, conversation.id)).length > 0);
  // An admin reads as on the admin routes: with the second factor the platform asks of admins, and in the audit log.
  if (asAdmin) {
    await assertAdminSecondFactor(db, viewer);
    await recordAdminAction(db, viewer, 'conversation.read', { type: 'conversation', id });
  }
  const allowed = conversation && (isMember(conversation, viewer.id) || asAdmin);
  const attachment = allowed ? await messageAttachment(db, conversation.id, messageId) : undefined;
  const object = attachment ? await ctx.storage.get('message-files', attachment.key) : undefined;
  if (!attachment || !object) throw new NotFoundError(CONVERSATION_MESSAGES.attachmentNotFound, 'attachment_not_found');
  return { ...attachment, size: object.size, body: object.body };
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

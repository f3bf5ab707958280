/** The conversations routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { MESSAGE_ATTACHMENT_KINDS } from './conversations.ts';

export const conversationPersonSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string() });
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

/** An image or a video sent with a message: its URL answers its two members (and an admin reading a reported conversation) only. */
export const messageAttachmentSchema = z.object({ name: z.string(), kind: z.enum(MESSAGE_ATTACHMENT_KINDS), size: z.number().int(), url: z.string() });
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  text: z.string(),
  attachment: messageAttachmentSchema.nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A conversation as one of its members sees it in the inbox. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  other: conversationPersonSchema,
  lastMessage: conversationMessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** The viewer blocked the other member: they cannot write to the viewer. */
  blockedByMe: z.boolean(),
  /** The other member blocked the viewer: the viewer cannot write. */
  blockedMe: z.boolean(),
  reportedByMe: z.boolean(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsSchema = z.object({ items: z.array(conversationSummarySchema), unreadCount: z.number().int() });
export type Conversations = z.infer<typeof conversationsSchema>;

export const conversationsUnreadSchema = z.object({ unreadCount: z.number().int() });

/** One conversation with its newest messages, oldest first. */
export const conversationThreadSchema = z.object({ conversation: conversationSummarySchema, messages: z.array(conversationMessageSchema) });
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const conversationStartedSchema = z.object({ conversation: conversationSummarySchema });

export const messageSentSchema = z.object({ message: conversationMessageSchema });

/** A reported conversation as an admin lists it. */
export const reportedConversationSchema = z.object({
  id: z.string(),
  members: z.array(conversationPersonSchema),
  reporter: conversationPersonSchema,
  reason: z.string(),
  reportedAt: z.string(),
});
export const reportedConversationsSchema = z.object({ items: z.array(reportedConversationSchema) });
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;

export const adminConversationSchema = z.object({
  id: z.string(),
  members: z.array(conversationPersonSchema),
  reports: z.array(z.object({ reporter: conversationPersonSchema, reason: z.string(), reportedAt: z.string() })),
  messages: z.array(conversationMessageSchema),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

export const conversationsNoContentSchema = noContentSchema;

export const CONVERSATIONS_API = {
  'GET /api/conversations': conversationsSchema,
  'GET /api/conversations/unread': conversationsUnreadSchema,
  'POST /api/conversations': conversationStartedSchema,
  'GET /api/conversations/:id': conversationThreadSchema,
  'POST /api/conversations/:id/messages': messageSentSchema,
  'POST /api/conversations/:id/attachments': messageSentSchema,
  'POST /api/conversations/:id/read': conversationsNoContentSchema,
  'POST /api/conversations/:id/block': conversationStartedSchema,
  'DELETE /api/conversations/:id/block': conversationStartedSchema,
  'POST /api/conversations/:id/report': conversationStartedSchema,
  'GET /api/admin/conversations': reportedConversationsSchema,
  'GET /api/admin/conversations/:id': adminConversationSchema,
} as const satisfies ApiRoutes;

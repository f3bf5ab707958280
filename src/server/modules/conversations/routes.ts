import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ONLY } from '#shared/admin.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONVERSATION_MESSAGES, MESSAGE_TEXT_MAX, REPORT_REASON_MAX } from '#shared/conversations.ts';
import {
  adminConversationSchema,
  conversationsNoContentSchema,
  conversationsSchema,
  conversationStartedSchema,
  conversationsUnreadSchema,
  conversationThreadSchema,
  messageSentSchema,
  reportedConversationsSchema,
} from '#shared/conversations-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { sendDownload } from '../../platform/file-names.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { requireRole, requireUser } from '../../platform/session.ts';
import {
  adminConversation,
  blockMember,
  getThread,
  listConversations,
  openAttachment,
  sendAttachment,
  readConversation,
  reportConversation,
  reportedConversations,
  sendMessage,
  startConversation,
  unreadConversations,
} from './service.ts';

const idParams = z.object({ id: z.string().regex(/^conv_[A-Za-z0-9]{20}$/, CONVERSATION_MESSAGES.notFound) });

/** Direct messages: every route is the signed-in user's, on their own conversations only (service.ts). */
export async function conversationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/conversations', { schema: { response: { 200: conversationsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return listConversations(ctx, user.id);
  });

  typed.get('/api/conversations/unread', { schema: { response: { 200: conversationsUnreadSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return unreadConversations(ctx, user.id);
  });

  typed.post(
    '/api/conversations',
    { schema: { body: z.object({ userId: z.string().min(1).max(100) }), response: { 200: conversationStartedSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return { conversation: await startConversation(ctx, user.id, request.body.userId) };
    },
  );

  typed.get('/api/conversations/:id', { schema: { params: idParams, response: { 200: conversationThreadSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return getThread(ctx, request.params.id, user.id);
  });

  typed.post(
    '/api/conversations/:id/messages',
    {
      schema: { params: idParams, body: z.object({ text: z.string().max(MESSAGE_TEXT_MAX * 2).default('') }), response: { 201: messageSentSchema } },
      config: { rateLimit: requestLimit({ max: 60, message: CONVERSATION_MESSAGES.tooManyMessages }) },
    },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      return reply.status(201).send({ message: await sendMessage(ctx, request.params.id, user.id, request.body.text) });
    },
  );

  typed.post(
    '/api/conversations/:id/attachments',
    { schema: { params: idParams, response: { 201: messageSentSchema } }, config: { rateLimit: requestLimit({ max: 20, message: CONVERSATION_MESSAGES.tooManyMessages }) } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      return reply.status(201).send({ message: await sendAttachment(ctx, request, request.params.id, user.id) });
    },
  );

  // Not JSON: the file itself, to the two members (and an admin reading a reported conversation); 404 to anyone else.
  typed.get(
    '/api/conversations/:id/attachments/:messageId',
    { schema: { params: z.object({ id: z.string().max(100), messageId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }) } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const file = await openAttachment(ctx, user, request.params.id, request.params.messageId);
      return sendDownload(reply, { body: file.body, size: file.size, fileName: file.name, type: file.type });
    },
  );

  typed.post('/api/conversations/:id/read', { schema: { params: idParams, response: { 204: conversationsNoContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await readConversation(ctx, request.params.id, user.id);
    return reply.status(204).send(null);
  });

  for (const [method, blocked] of [['post', true], ['delete', false]] as const) {
    typed[method]('/api/conversations/:id/block', { schema: { params: idParams, response: { 200: conversationStartedSchema } } }, async (request) => {
      const user = await requireUser(ctx.auth, request);
      return { conversation: await blockMember(ctx, request.params.id, user.id, blocked) };
    });
  }

  typed.post(
    '/api/conversations/:id/report',
    {
      schema: {
        params: idParams,
        body: z.object({ reason: z.string().max(REPORT_REASON_MAX, CONVERSATION_MESSAGES.reportReasonTooLong).default('') }),
        response: { 200: conversationStartedSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return { conversation: await reportConversation(ctx, request.params.id, user.id, request.body.reason) };
    },
  );

  // Admins read reported conversations only; each reading is in the audit log.
  // The role is checked before the id's shape, so a non-admin always meets the same refusal.
  const requireAdmin = (request: FastifyRequest) => requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' });
  typed.get('/api/admin/conversations', { schema: { response: { 200: reportedConversationsSchema } } }, async (request) => {
    await requireAdmin(request);
    return { items: await reportedConversations(ctx) };
  });

  typed.get('/api/admin/conversations/:id', { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: adminConversationSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const conversation = await adminConversation(ctx, request.params.id);
    await recordAdminAction(ctx.database.db, admin, 'conversation.read', { type: 'conversation', id: conversation.id });
    return conversation;
  });
}

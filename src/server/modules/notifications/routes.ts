import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_MESSAGES } from '#shared/notifications.ts';
import { notificationsReadSchema, notificationsSchema } from '#shared/notifications-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { getInbox, readAllNotifications, readNotification } from './service.ts';

const idParams = z.object({ id: z.uuid(NOTIFICATION_MESSAGES.notFound) });

/** The signed-in user's inbox; every route sees only their own notifications. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/notifications', { schema: { response: { 200: notificationsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return getInbox(ctx, user.id);
  });

  typed.post('/api/notifications/:id/read', { schema: { params: idParams, response: { 204: notificationsReadSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await readNotification(ctx, user.id, request.params.id);
    return reply.status(204).send(null);
  });

  typed.post('/api/notifications/read-all', { schema: { response: { 204: notificationsReadSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await readAllNotifications(ctx, user.id);
    return reply.status(204).send(null);
  });
}

/** The notifications routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { NOTIFICATION_KINDS, notificationDataSchema } from './notifications.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: notificationDataSchema,
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The inbox: the newest notifications, and how many of all are unread. */
export const notificationsSchema = z.object({ items: z.array(notificationSchema), unreadCount: z.number().int() });
export type Notifications = z.infer<typeof notificationsSchema>;

/** Marking read answers 204 with no body. */
export const notificationsReadSchema = noContentSchema;

export const NOTIFICATIONS_API = {
  'GET /api/notifications': notificationsSchema,
  'POST /api/notifications/:id/read': notificationsReadSchema,
  'POST /api/notifications/read-all': notificationsReadSchema,
} as const satisfies ApiRoutes;

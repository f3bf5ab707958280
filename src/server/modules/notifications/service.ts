// The inbox (issue #22): notify() writes a notification in the transaction of the event it tells
// of, with its mail when the user's e-mail switch is on; the caller announces it after the commit.
import { NOTIFICATION_MESSAGES, type NotificationData, type NotificationKind } from '#shared/notifications.ts';
import type { Notifications } from '#shared/notifications-api.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor } from '../../db/client.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { countUnread, insertNotification, listNotifications, markAllRead, markRead, notificationRecipient, type NotificationRow } from './queries.ts';

/** `options.email` false: the event sends its own mail (a refund's notice), so this one would repeat it. */
export async function notify(
  ctx: AppContext,
  executor: Executor,
  userId: string,
  kind: NotificationKind,
  data: NotificationData,
  options: { email?: boolean } = {},
): Promise<void> {
  await insertNotification(executor, userId, kind, data);
  if (options.email === false) return;
  const recipient = await notificationRecipient(executor, userId);
  if (!recipient?.wantsEmail) return;
  const { notification, format } = mailTexts(recipient.locale);
  const line = notification.line[kind]({
    product: data.productName ?? '',
    amount: data.amountCents !== undefined && data.currency ? format.money(data.amountCents, data.currency) : '',
    actor: data.actorName ?? '',
    title: data.title ?? '',
  });
  const { PUBLIC_URL } = ctx.config;
  const footer = notification.footer({ url: `${PUBLIC_URL}${data.link ?? '/dashboard'}`, settingsUrl: `${PUBLIC_URL}/dashboard/settings` });
  await ctx.mailer.send({ to: recipient.email, subject: notification.subject(ctx.config.BRAND_NAME), text: `${line}\n\n${footer}` }, executor);
}

/** After the commit: the user's bell refetches its inbox. */
export async function announceNotifications(ctx: AppContext, userId: string): Promise<void> {
  const unreadCount = await countUnread(ctx.database.db, userId);
  await ctx.realtime.publish(userChannel(userId), 'notifications.changed', { unreadCount });
}

const toNotification = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind,
  data: row.data,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function getInbox(ctx: AppContext, userId: string): Promise<Notifications> {
  const { db } = ctx.database;
  const [rows, unreadCount] = await Promise.all([listNotifications(db, userId), countUnread(db, userId)]);
  return { items: rows.map(toNotification), unreadCount };
}

export async function readNotification(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await markRead(ctx.database.db, userId, id))) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound, 'notification_not_found');
  await announceNotifications(ctx, userId);
}

export async function readAllNotifications(ctx: AppContext, userId: string): Promise<void> {
  await markAllRead(ctx.database.db, userId);
  await announceNotifications(ctx, userId);
}

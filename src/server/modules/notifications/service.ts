// The inbox (issue #22): notify() writes a notification in the transaction of the event it tells
// of, with its mail when the user's e-mail switch is on; the caller announces it after the commit.
import { NOTIFICATION_MESSAGES, type NotificationData, type NotificationKind } from '#shared/notifications.ts';
import type { Notifications } from '#shared/notifications-api.ts';
import type { Language } from '#shared/profiles.ts';
import { userChannel } from '#shared/realtime.ts';
import type { Executor } from '../../db/client.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import {
  countUnread,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
  notificationRecipient,
  type NotificationRow,
  takePendingDigest,
  usersWithPendingDigest,
} from './queries.ts';

/**
 * `options.email` false: the event sends its own mail (a refund's notice), so this one would repeat it.
 * `options.once`: the event is told once only (a like, a follow, a first view): a key already written
 * adds nothing and sends nothing, so like, unlike, like again is one notification. Answers whether
 * a notification was added (the caller announces it after the commit).
 * A user who chose the daily digest gets no mail now: the notification waits for it (sendDigests).
 */
export async function notify(
  ctx: AppContext,
  executor: Executor,
  userId: string,
  kind: NotificationKind,
  data: NotificationData,
  options: { email?: boolean; once?: string } = {},
): Promise<boolean> {
  const recipient = options.email === false ? undefined : await notificationRecipient(executor, userId);
  const mail = Boolean(recipient?.wantsEmail);
  const added = await insertNotification(executor, userId, kind, data, { onceKey: options.once, digestPending: mail && recipient!.digest });
  if (!added || !mail || recipient!.digest) return added;
  const { notification } = mailTexts(recipient!.locale);
  const { PUBLIC_URL } = ctx.config;
  const footer = notification.footer({ url: `${PUBLIC_URL}${data.link ?? '/dashboard'}`, settingsUrl: `${PUBLIC_URL}/dashboard/settings` });
  await ctx.mailer.send({ to: recipient!.email, subject: notification.subject(ctx.config.BRAND_NAME), text: `${lineOf(recipient!.locale, kind, data)}\n\n${footer}` }, executor);
  return true;
}

/** A notification's one line in a mail, in the recipient's language. */
function lineOf(locale: Language, kind: NotificationKind, data: NotificationData): string {
  const { notification, format } = mailTexts(locale);
  return notification.line[kind]({
    product: data.productName ?? '',
    amount: data.amountCents !== undefined && data.currency ? format.money(data.amountCents, data.currency) : '',
    actor: data.actorName ?? '',
    title: data.title ?? '',
  });
}

/**
 * The daily digest (a recurring task, app.ts): one mail per user who chose it, listing their unread
 * notifications of the last day that wait for it. Each user's are taken and their mail queued in one
 * transaction, so a crash sends it whole or not at all, and a run never mails them twice.
 */
export async function sendDigests(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  let sent = 0;
  for (const userId of await usersWithPendingDigest(db)) {
    await db.transaction(async (tx) => {
      const rows = await takePendingDigest(tx, userId);
      const recipient = await notificationRecipient(tx, userId);
      // Switched off, or back to one mail each, since: the day's waiting ones are dropped from mail.
      if (rows.length === 0 || !recipient?.wantsEmail || !recipient.digest) return;
      const { notification } = mailTexts(recipient.locale);
      const { PUBLIC_URL } = ctx.config;
      const lines = rows.map((row) => `- ${lineOf(recipient.locale, row.kind, row.data)}`).join('\n');
      const footer = notification.digestFooter({ url: `${PUBLIC_URL}/dashboard`, settingsUrl: `${PUBLIC_URL}/dashboard/settings` });
      const text = `${notification.digestIntro({ count: rows.length })}\n\n${lines}\n\n${footer}`;
      await ctx.mailer.send({ to: recipient.email, subject: notification.subject(ctx.config.BRAND_NAME), text }, tx);
      sent += 1;
    });
  }
  return sent;
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

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_RETENTION_DAYS, NOTIFICATIONS_PAGE_SIZE, type NotificationData, type NotificationKind } from '#shared/notifications.ts';
import { deleteInBatches } from '../../db/batches.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Adds a notification; false when one with the same `onceKey` was already written (nothing added). */
export async function insertNotification(
  executor: Executor,
  userId: string,
  kind: NotificationKind,
  data: NotificationData,
  options: { onceKey?: string; digestPending?: boolean } = {},
): Promise<boolean> {
  const rows = await executor
    .insert(notifications)
    .values({ userId, kind, data, onceKey: options.onceKey ?? null, digestPending: options.digestPending ?? false })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Where and in which language a user's notification mail goes, and whether they want it (on unless switched off). */
export async function notificationRecipient(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ email: users.email, locale: users.locale, settings: userProfiles.notifications })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row && { email: row.email, locale: row.locale, wantsEmail: row.settings?.emailNotifications !== false, digest: row.settings?.emailDigest === 'daily' };
}

/** Users with notifications waiting for their digest. */
export async function usersWithPendingDigest(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: notifications.userId }).from(notifications).where(eq(notifications.digestPending, true));
  return rows.map((row) => row.userId);
}

/**
 * Takes a user's pending digest in the caller's transaction: clears the mark on all of them and
 * answers those still unread and at most a day old (the digest's lines), oldest first.
 */
export async function takePendingDigest(tx: Executor, userId: string) {
  const taken = await tx
    .update(notifications)
    .set({ digestPending: false })
    .where(and(eq(notifications.userId, userId), eq(notifications.digestPending, true)))
    .returning();
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  return taken.filter((row) => !row.readAt && row.createdAt.getTime() >= dayAgo).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function listNotifications(db: Executor, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Deletes notifications past their retention (run on a timer, app.ts). */
export function purgeOldNotifications(db: Db): Promise<number> {
  return deleteInBatches(db, notifications, notifications.id, sql`${notifications.createdAt} < now() - make_interval(days => ${NOTIFICATION_RETENTION_DAYS})`);
}

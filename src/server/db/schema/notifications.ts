import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationData } from '#shared/notifications.ts';
import { users } from './auth.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** An event told once only (a like, a follow, a first view): a second one with the same key adds nothing. */
    onceKey: text('once_key'),
    /** Waiting for the user's daily digest mail (their Settings choice when it was written). */
    digestPending: boolean('digest_pending').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('notifications_user_once_key').on(table.userId, table.onceKey),
    index('notifications_digest_pending_idx').on(table.userId).where(sql`${table.digestPending}`),
  ],
);

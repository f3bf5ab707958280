import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A one-to-one conversation (issue #22): its two members in id order, so a pair has one conversation. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(), // conv_ + 20 random characters
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When each member last read it: messages after it by the other member are unread. */
    lowReadAt: timestamp('low_read_at', { withTimezone: true }).notNull().defaultNow(),
    highReadAt: timestamp('high_read_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('conversations_pair').on(table.userLow, table.userHigh),
    check('conversations_ordered_pair', sql`${table.userLow} < ${table.userHigh}`),
    index('conversations_low_updated_idx').on(table.userLow, table.updatedAt),
    index('conversations_high_updated_idx').on(table.userHigh, table.updatedAt),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** An attached image or video (bucket message-files), readable by the two members only. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: bigint('attachment_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversation_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** A user who blocked another: the blocked one cannot write to them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/** A member's report of a conversation: from then on an admin may read it. One per member. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.reporterId] }), index('conversation_reports_created_idx').on(table.createdAt)],
);

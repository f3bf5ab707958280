import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { AUDIENCE_KINDS, POST_STATUSES } from '#shared/audience.ts';
import { users } from './auth.ts';

/** A visitor's "Get updates" sign-up with a creator; mailed only once confirmed (double opt-in). E-mails lowercased. */
export const audienceSubscribers = pgTable(
  'audience_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('audience_subscribers_creator_email_unique').on(table.creatorId, table.email)],
);

/** Addresses a creator never mails again (one-click unsubscribe); `post_id` the post it came from, for its stats. */
export const audienceUnsubscribes = pgTable(
  'audience_unsubscribes',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    postId: uuid('post_id').references(() => audiencePosts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'audience_unsubscribes_pk', columns: [table.creatorId, table.email] }), index('audience_unsubscribes_post_idx').on(table.postId)],
);

export interface StoredAudienceFilter {
  kind: (typeof AUDIENCE_KINDS)[number];
  productId: string | null;
  boughtAfter: string | null;
  minSpentCents: number | null;
}

/** A creator's post (broadcast): written, then sent now or at `scheduled_at` by the audience.send task. */
export const audiencePosts = pgTable(
  'audience_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<StoredAudienceFilter>().notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    /** The send in progress: each step of the audience.send task carries it; a step of an older send (cancelled, resumed) does nothing. */
    sendToken: uuid('send_token'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When its recipients were written into audience_deliveries (once per post). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_posts_creator_idx').on(table.creatorId, table.createdAt.desc())],
);

/** One recipient of a post: `sent_at` is set in the transaction that queues the mail, so each gets one mail. */
export const audienceDeliveries = pgTable(
  'audience_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => audiencePosts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Unsubscribed between the expansion and its turn: not mailed. */
    skipped: boolean('skipped').notNull().default(false),
  },
  (table) => [
    unique('audience_deliveries_post_email_unique').on(table.postId, table.email),
    index('audience_deliveries_pending_idx').on(table.postId, table.id).where(sql`${table.sentAt} IS NULL AND NOT ${table.skipped}`),
    index('audience_deliveries_user_idx').on(table.userId),
    index('audience_deliveries_email_idx').on(table.email),
    index('audience_deliveries_sent_idx').on(table.sentAt),
  ],
);

/** An admin's pause of a creator's sending (admin users page). */
export const audienceSenders = pgTable('audience_senders', {
  creatorId: text('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';

export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(), // post_ + 20 random characters
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    imageKey: text('image_key'),
    videoKey: text('video_key'),
    /** Members-only: seen by the author and the live members of this membership product (decision 022). */
    membersProductId: uuid('members_product_id').references(() => products.id, { onDelete: 'cascade' }),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('posts_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // Also INCLUDE (members_product_id) for the Following feed's index-only read: migration 0069 (drizzle cannot say INCLUDE).
    index('posts_author_created_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    index('posts_members_product_idx').on(table.membersProductId).where(sql`members_product_id IS NOT NULL`),
    index('posts_popular_idx').on(sql`(${table.likeCount} + ${table.commentCount}) DESC`, table.createdAt.desc(), table.id.desc()),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'post_likes_pk', columns: [table.postId, table.userId] })],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: serial('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_comments_post_idx').on(table.postId, table.createdAt)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'follows_pk', columns: [table.followerId, table.followeeId] }),
    index('follows_followee_idx').on(table.followeeId),
    check('follows_not_self', sql`${table.followerId} <> ${table.followeeId}`),
  ],
);

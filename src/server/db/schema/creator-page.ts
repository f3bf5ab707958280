import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { CREATOR_PAGE_THEMES, type CreatorPageBlock } from '#shared/creator-page.ts';
import { users } from './auth.ts';

/** A creator's page at /@slug: its theme, accent colour and blocks in order (src/shared/creator-page.ts). */
export const creatorPages = pgTable('creator_pages', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: CREATOR_PAGE_THEMES }).notNull().default('midnight'),
  accent: text('accent').notNull().default('#7c3aed'),
  blocks: jsonb('blocks').$type<CreatorPageBlock[]>().notNull().default([]),
  onDomain: boolean('on_domain').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Views of a page (block_id '') and clicks per block, per day. */
export const creatorPageStats = pgTable(
  'creator_page_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    blockId: text('block_id').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.kind, table.blockId] })],
);

import { sql } from 'drizzle-orm';
import type { Feed } from '#shared/community.ts';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { postLikes, posts } from '../../db/schema/community.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { membersOnlyVisible } from '../memberships/queries.ts';

export interface FeedCursor {
  score?: number;
  createdAt: string; // exact timestamptz text, so no microseconds are lost
  id: string;
}

export const encodeCursor = (cursor: FeedCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeCursor(value: string | undefined): FeedCursor | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString()) as FeedCursor;
    return typeof parsed.createdAt === 'string' && typeof parsed.id === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export type PostRow = {
  id: string;
  author_id: string;
  content: string;
  image_key: string | null;
  video_key: string | null;
  members_product_id: string | null;
  like_count: number;
  comment_count: number;
  created_at: string;
  author_name: string;
  author_avatar_url: string | null;
  author_slug: string;
  liked: boolean;
};

const postColumns = (viewerId: string | undefined) => sql`
  p.id, p.author_id, p.content, p.image_key, p.video_key, p.members_product_id, p.like_count, p.comment_count, p.created_at::text AS created_at,
  up.name AS author_name, up.avatar_url AS author_avatar_url, up.storefront_slug AS author_slug,
  ${viewerId ? sql`EXISTS (SELECT 1 FROM ${postLikes} l WHERE l.post_id = p.id AND l.user_id = ${viewerId})` : sql`false`} AS liked`;

/** One page of a feed, newest or most popular first, with keyset paging (no OFFSET). */
export async function readFeed(db: Db, options: { feed: Feed; viewerId?: string; cursor?: FeedCursor; limit: number }) {
  const { feed, viewerId, cursor, limit } = options;
  const page = cursor
    ? feed === 'popular'
      ? sql`(p.like_count + p.comment_count, p.created_at, p.id) < (${cursor.score ?? 0}, ${cursor.createdAt}::timestamptz, ${cursor.id})`
      : sql`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : sql`true`;
  // Members-only posts reach their author and the product's live members only (decision 022).
  const after = sql`${page} AND ${membersOnlyVisible(sql`p.members_product_id`, viewerId)}`;
  const order =
    feed === 'popular'
      ? sql`(p.like_count + p.comment_count) DESC, p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`
      : sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
  // Following: the newest page of each followed author read from its index alone (ids and times),
  // merged into one page, and only that page's posts fetched, instead of every post of everyone followed.
  const source =
    feed === 'following'
      ? sql`(SELECT * FROM ${posts} p WHERE p.id IN (
            SELECT p.id FROM follows f CROSS JOIN LATERAL (
              SELECT p.id, p.created_at FROM ${posts} p WHERE p.author_id = f.followee_id AND ${after} ORDER BY ${order} LIMIT ${limit + 1}
            ) p WHERE f.follower_id = ${viewerId ?? ''} ORDER BY ${order} LIMIT ${limit + 1}))`
      : sql`(SELECT * FROM ${posts} p WHERE ${after} ORDER BY ${order} LIMIT ${limit + 1})`;
  const result = await executePrepared<PostRow>(db, sql`
    SELECT ${postColumns(viewerId)}
    FROM ${source} p JOIN ${userProfiles} up ON up.id = p.author_id
    ORDER BY ${order} LIMIT ${limit + 1}`);
  const rows = result.rows.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor =
    result.rows.length > limit && last
      ? encodeCursor({ createdAt: last.created_at, id: last.id, ...(feed === 'popular' ? { score: last.like_count + last.comment_count } : {}) })
      : null;
  return { rows, nextCursor };
}

export async function readPost(db: Db, id: string, viewerId?: string): Promise<PostRow | undefined> {
  const result = await db.execute<PostRow>(sql`
    SELECT ${postColumns(viewerId)} FROM ${posts} p JOIN ${userProfiles} up ON up.id = p.author_id
    WHERE p.id = ${id} AND ${membersOnlyVisible(sql`p.members_product_id`, viewerId)}`);
  return result.rows[0];
}

/** Likes are a set: liking twice, even at the same instant, counts once. */
export async function setLike(db: Db, postId: string, userId: string, liked: boolean): Promise<number | undefined> {
  const result = liked
    ? await db.execute<{ like_count: number }>(sql`
        WITH added AS (INSERT INTO ${postLikes} (post_id, user_id) VALUES (${postId}, ${userId}) ON CONFLICT DO NOTHING RETURNING 1)
        UPDATE ${posts} SET like_count = like_count + (SELECT count(*) FROM added) WHERE id = ${postId} RETURNING like_count`)
    : await db.execute<{ like_count: number }>(sql`
        WITH removed AS (DELETE FROM ${postLikes} WHERE post_id = ${postId} AND user_id = ${userId} RETURNING 1)
        UPDATE ${posts} SET like_count = like_count - (SELECT count(*) FROM removed) WHERE id = ${postId} RETURNING like_count`);
  return result.rows[0]?.like_count;
}

export async function addComment(db: Db, postId: string, authorId: string, text: string) {
  const result = await db.execute<{ id: number; created_at: string; comment_count: number }>(sql`
    WITH added AS (INSERT INTO post_comments (post_id, author_id, text) VALUES (${postId}, ${authorId}, ${text}) RETURNING id, created_at),
    counted AS (UPDATE ${posts} SET comment_count = comment_count + 1 WHERE id = ${postId} RETURNING comment_count)
    SELECT added.id, added.created_at::text AS created_at, counted.comment_count FROM added, counted`);
  return result.rows[0];
}

export async function listComments(db: Db, postId: string) {
  const result = await db.execute<{ id: number; text: string; created_at: string; author_id: string; author_name: string; author_avatar_url: string | null }>(sql`
    SELECT c.id, c.text, c.created_at::text AS created_at, c.author_id, up.name AS author_name, up.avatar_url AS author_avatar_url
    FROM post_comments c JOIN ${userProfiles} up ON up.id = c.author_id
    WHERE c.post_id = ${postId} ORDER BY c.created_at, c.id LIMIT 200`);
  return result.rows;
}

export async function followCounts(db: Db, userId: string, viewerId?: string) {
  const result = await db.execute<{ followers: number; following: number; is_following: boolean; follows_me: boolean }>(sql`
    SELECT (SELECT count(*)::int FROM follows WHERE followee_id = ${userId}) AS followers,
           (SELECT count(*)::int FROM follows WHERE follower_id = ${userId}) AS following,
           ${viewerId ? sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewerId} AND followee_id = ${userId})` : sql`false`} AS is_following,
           ${viewerId ? sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${userId} AND followee_id = ${viewerId})` : sql`false`} AS follows_me`);
  const row = result.rows[0]!;
  return { followers: row.followers, following: row.following, isFollowing: row.is_following, followsMe: row.follows_me };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { canDeletePost, COMMUNITY_MESSAGES, POST_IMAGE_MAX_BYTES, POST_TEXT_MAX, POST_VIDEO_MAX_BYTES } from '#shared/community.ts';
import type { Post } from '#shared/community-api.ts';
import { MEMBERSHIP_MESSAGES } from '#shared/memberships.ts';
import { PUBLIC_CHANNEL , type RealtimeEvents } from '#shared/realtime.ts';
import { follows, posts } from '../../db/schema/community.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import { processImage } from '../../platform/images.ts';
import { receiveMultipart, videoExtension } from '../../platform/multipart.ts';
import { tellOfFollow, tellOfMentions } from './notifications.ts';
import { readPost, type PostRow } from './queries.ts';
import { creatorMembershipProducts, membersOnlyVisible } from '../memberships/queries.ts';
import { enrolNewFollow } from '../audience/workflows.ts';

type Viewer = { id: string; role: string };

const media = (key: string | null) => (key ? `/media/post-media/${key}` : null);

/** A post as the API answers it, for this viewer. */
export function presentPost(row: PostRow, viewer?: Viewer | null): Post {
  return {
    id: row.id,
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url ?? `/api/avatars/${row.author_id}.svg`, slug: row.author_slug },
    content: row.content,
    imageUrl: media(row.image_key),
    videoUrl: media(row.video_key),
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: row.liked,
    createdAt: new Date(row.created_at).toISOString(),
    canDelete: canDeletePost(viewer, { authorId: row.author_id }),
    membersOnly: row.members_product_id !== null,
  };
}

export const announce = <Name extends 'posts.created' | 'posts.updated' | 'posts.deleted'>(ctx: AppContext, type: Name, data: RealtimeEvents[Name]) =>
  ctx.realtime.publish<'posts.created' | 'posts.updated' | 'posts.deleted'>(PUBLIC_CHANNEL, type, data);

/** The post, or 404; a members-only post answers 404 to whoever may not see it (`viewerId` given). */
export async function existingPost(ctx: AppContext, id: string, viewerId?: string | null) {
  const visible = viewerId === undefined ? sql`true` : membersOnlyVisible(sql`${posts.membersProductId}`, viewerId ?? undefined);
  const [post] = await ctx.database.db.select().from(posts).where(and(eq(posts.id, id), visible));
  if (!post) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
  return post;
}

/**
 * Reads the multipart form of a new post: text, an image or a video (one media type), media
 * checked by their content and stored within the author's quota; announces the post.
 */
export async function createPost(ctx: AppContext, request: FastifyRequest, user: Viewer & { name: string }): Promise<Post> {
  const form = await receiveMultipart(request, ctx.uploadDir, {
    image: { maxBytes: POST_IMAGE_MAX_BYTES, tooLarge: 'The image is larger than 5 MB.' },
    video: { maxBytes: POST_VIDEO_MAX_BYTES, tooLarge: 'The video is larger than 50 MB.' },
  });
  let stored: string | undefined;
  try {
    const content = (form.fields.content ?? '').trim();
    const { image, video } = form.files;
    if (!content && !image && !video) throw new BadRequestError(COMMUNITY_MESSAGES.emptyPost, 'empty_post');
    if (image && video) throw new BadRequestError(COMMUNITY_MESSAGES.imageOrVideo, 'image_or_video');
    if (content.length > POST_TEXT_MAX) throw new BadRequestError(COMMUNITY_MESSAGES.postTooLong, 'post_too_long');
    let imageKey: string | null = null;
    let videoKey: string | null = null;
    if (image) {
      const processed = await processImage(image.path, { message: COMMUNITY_MESSAGES.invalidImage, fullWidth: 1600, cardWidth: 480 });
      imageKey = `${user.id}/${randomUUID()}.webp`;
      const body = processed.full;
      await ctx.userFiles.store(user.id, [{ bucket: 'post-media', key: imageKey, size: body.length, body: () => Readable.from([body]), contentType: 'image/webp' }]);
      stored = imageKey;
    }
    if (video) {
      const extension = await videoExtension(video.path);
      if (!extension) throw new AppError(415, 'unsupported_media_type', COMMUNITY_MESSAGES.invalidVideo);
      videoKey = `${user.id}/${randomUUID()}${extension}`;
      await ctx.userFiles.store(user.id, [{ bucket: 'post-media', key: videoKey, size: video.size, body: () => fs.createReadStream(video.path), contentType: 'video/mp4' }]);
      stored = videoKey;
    }
    // Members-only: for the live members of one of the author's membership products (decision 022).
    const membersProductId = form.fields.membersProductId?.trim() || null;
    if (membersProductId) {
      const own = await creatorMembershipProducts(ctx.database.db, user.id);
      if (!own.some((product) => product.productId === membersProductId)) throw new BadRequestError(MEMBERSHIP_MESSAGES.postProductInvalid, 'members_product_invalid');
    }
    const [post] = await ctx.database.db
      .insert(posts)
      .values({ id: prefixedId('post'), authorId: user.id, content, imageKey, videoKey, membersProductId })
      .returning();
    await announce(ctx, 'posts.created', { id: post!.id, authorId: user.id });
    await tellOfMentions(ctx, content, user, `/dashboard/zerrijobs/posts/${post!.id}`, `post:${post!.id}`);
    const row = await readPost(ctx.database.db, post!.id, user.id);
    return presentPost(row!, user);
  } catch (error) {
    if (stored) await ctx.storage.delete('post-media', stored).catch(() => {});
    throw error;
  } finally {
    await form.cleanup();
  }
}

/** Deletes a post and its media files, and announces it. */
export async function deletePost(ctx: AppContext, post: typeof posts.$inferSelect): Promise<void> {
  await ctx.database.db.delete(posts).where(eq(posts.id, post.id));
  for (const key of [post.imageKey, post.videoKey]) if (key) await ctx.storage.delete('post-media', key);
  await announce(ctx, 'posts.deleted', { id: post.id });
}

/**
 * The viewer follows the user (once: following again changes nothing). A new follower of a creator
 * enters their new-follower workflows in the same transaction (audience/workflows.ts); the followed
 * user is told.
 */
export async function followUser(ctx: AppContext, viewer: { id: string; email: string; name: string }, targetId: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [made] = await tx.insert(follows).values({ followerId: viewer.id, followeeId: targetId }).onConflictDoNothing().returning({ id: follows.followerId });
    if (made) await enrolNewFollow(tx, targetId, viewer);
  });
  await tellOfFollow(ctx, targetId, viewer);
}

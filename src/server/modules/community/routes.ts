import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENT_TEXT_MAX, COMMUNITY_MESSAGES, FEEDS, POST_IMAGE_MAX_BYTES, POST_TEXT_MAX, POST_VIDEO_MAX_BYTES } from '#shared/community.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { users } from '../../db/schema/auth.ts';
import { follows, posts } from '../../db/schema/community.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors.ts';
import { prefixedId } from '../../platform/ids.ts';
import { processImage } from '../../platform/images.ts';
import { receiveMultipart, videoExtension } from '../../platform/multipart.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { addComment, decodeCursor, followCounts, listComments, readFeed, readPost, setLike, type PostRow } from './queries.ts';

const postParams = z.object({ id: z.string().regex(/^post_[A-Za-z0-9]{20}$/, COMMUNITY_MESSAGES.postNotFound) });
const media = (key: string | null) => (key ? `/media/post-media/${key}` : null);

export async function communityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const announce = (type: string, data: unknown) => ctx.realtime.publish(PUBLIC_CHANNEL, type, data);
  const present = (row: PostRow, viewer?: { id: string; role: string } | null) => ({
    id: row.id,
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url ?? `/api/avatars/${row.author_id}.svg`, slug: row.author_slug },
    content: row.content,
    imageUrl: media(row.image_key),
    videoUrl: media(row.video_key),
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: row.liked,
    createdAt: new Date(row.created_at).toISOString(),
    canDelete: Boolean(viewer && (viewer.id === row.author_id || viewer.role === 'admin')),
  });
  const existingPost = async (id: string) => {
    const [post] = await db.select().from(posts).where(eq(posts.id, id));
    if (!post) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
    return post;
  };

  typed.get(
    '/api/posts',
    { schema: { querystring: z.object({ feed: z.enum(FEEDS).default('all'), cursor: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }) } },
    async (request) => {
      const viewer = await getSessionUser(ctx.auth, request);
      if (request.query.feed === 'following' && !viewer) throw new UnauthorizedError();
      const { rows, nextCursor } = await readFeed(db, {
        feed: request.query.feed,
        viewerId: viewer?.id,
        cursor: decodeCursor(request.query.cursor),
        limit: request.query.limit,
      });
      return { items: rows.map((row) => present(row, viewer)), nextCursor };
    },
  );

  typed.get('/api/posts/:id', { schema: { params: postParams } }, async (request) => {
    const viewer = await getSessionUser(ctx.auth, request);
    const row = await readPost(db, request.params.id, viewer?.id);
    if (!row) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
    return { post: present(row, viewer) };
  });

  // A post has text, an image or a video (one media type); media are checked by content.
  typed.post('/api/posts', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const form = await receiveMultipart(request, ctx.uploadDir, {
      image: { maxBytes: POST_IMAGE_MAX_BYTES, tooLarge: 'The image is larger than 5 MB.' },
      video: { maxBytes: POST_VIDEO_MAX_BYTES, tooLarge: 'The video is larger than 50 MB.' },
    });
    let stored: string | undefined;
    try {
      const content = (form.fields.content ?? '').trim();
      const { image, video } = form.files;
      if (!content && !image && !video) throw new BadRequestError(COMMUNITY_MESSAGES.emptyPost, 'empty_post');
      if (image && video) throw new BadRequestError('Please add either an image or a video, not both.');
      if (content.length > POST_TEXT_MAX) throw new BadRequestError(`A post can be at most ${POST_TEXT_MAX} characters.`);
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
      const [post] = await db.insert(posts).values({ id: prefixedId('post'), authorId: user.id, content, imageKey, videoKey }).returning();
      await announce('posts.created', { id: post!.id, authorId: user.id });
      const row = await readPost(db, post!.id, user.id);
      return reply.status(201).send({ post: present(row!, user) });
    } catch (error) {
      if (stored) await ctx.storage.delete('post-media', stored).catch(() => {});
      throw error;
    } finally {
      await form.cleanup();
    }
  });

  typed.delete('/api/posts/:id', { schema: { params: postParams } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const post = await existingPost(request.params.id);
    if (post.authorId !== user.id && user.role !== 'admin') throw new ForbiddenError('Only the author can delete this post.');
    await db.delete(posts).where(eq(posts.id, post.id));
    for (const key of [post.imageKey, post.videoKey]) if (key) await ctx.storage.delete('post-media', key);
    await announce('posts.deleted', { id: post.id });
    return reply.status(204).send();
  });

  for (const [method, liked] of [['put', true], ['delete', false]] as const) {
    typed[method]('/api/posts/:id/like', { schema: { params: postParams } }, async (request) => {
      const user = await requireUser(ctx.auth, request, 'Please log in to like posts.');
      const likeCount = await setLike(db, request.params.id, user.id, liked);
      if (likeCount === undefined) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
      await announce('posts.updated', { id: request.params.id, likeCount });
      return { liked, likeCount };
    });
  }

  typed.get('/api/posts/:id/comments', { schema: { params: postParams } }, async (request) => {
    await existingPost(request.params.id);
    const rows = await listComments(db, request.params.id);
    return {
      items: rows.map((row) => ({
        id: row.id,
        text: row.text,
        createdAt: new Date(row.created_at).toISOString(),
        author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url ?? `/api/avatars/${row.author_id}.svg` },
      })),
    };
  });

  typed.post(
    '/api/posts/:id/comments',
    { schema: { params: postParams, body: z.object({ text: z.string().max(COMMENT_TEXT_MAX * 2).default('') }) } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request, 'Please log in to comment.');
      const text = request.body.text.trim();
      if (!text) throw new BadRequestError(COMMUNITY_MESSAGES.emptyComment, 'empty_comment');
      if (text.length > COMMENT_TEXT_MAX) throw new BadRequestError(`A comment can be at most ${COMMENT_TEXT_MAX} characters.`);
      await existingPost(request.params.id);
      const added = await addComment(db, request.params.id, user.id, text);
      await announce('posts.updated', { id: request.params.id, commentCount: added!.comment_count });
      return reply.status(201).send({ id: added!.id, commentCount: added!.comment_count });
    },
  );

  // Follows, kept on the server; the counts show on profiles and storefronts.
  const userParams = z.object({ id: z.string().min(1).max(100) });
  typed.get('/api/users/:id/follows', { schema: { params: userParams } }, async (request) => {
    const viewer = await getSessionUser(ctx.auth, request);
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id));
    if (!target) throw new NotFoundError(COMMUNITY_MESSAGES.userNotFound, 'user_not_found');
    return followCounts(db, target.id, viewer?.id);
  });

  for (const [method, follow] of [['put', true], ['delete', false]] as const) {
    typed[method]('/api/users/:id/follow', { schema: { params: userParams } }, async (request) => {
      const viewer = await getSessionUser(ctx.auth, request);
      if (!viewer) throw new UnauthorizedError(COMMUNITY_MESSAGES.notLoggedIn, 'not_logged_in');
      if (viewer.id === request.params.id) throw new BadRequestError(COMMUNITY_MESSAGES.cannotFollowSelf, 'cannot_follow_self');
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id));
      if (!target) throw new NotFoundError(COMMUNITY_MESSAGES.userNotFound, 'user_not_found');
      if (follow) await db.insert(follows).values({ followerId: viewer.id, followeeId: target.id }).onConflictDoNothing();
      else await db.delete(follows).where(sqlFollow(viewer.id, target.id));
      return followCounts(db, target.id, viewer.id);
    });
  }
}

function sqlFollow(followerId: string, followeeId: string) {
  return and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
}

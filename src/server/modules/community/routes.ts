import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canDeletePost, COMMENT_TEXT_MAX, COMMUNITY_MESSAGES, FEEDS } from '#shared/community.ts';
import {
  addedCommentSchema,
  commentsSchema,
  feedPageSchema,
  followStateSchema,
  likeStateSchema,
  postAnswerSchema,
  postDeletedSchema,
} from '#shared/community-api.ts';
import { users } from '../../db/schema/auth.ts';
import { follows } from '../../db/schema/community.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors.ts';
import { getSessionUser, requireUser } from '../../platform/session.ts';
import { addComment, decodeCursor, followCounts, listComments, readFeed, readPost, setLike } from './queries.ts';
import { tellOfComment, tellOfLike } from './notifications.ts';
import { announce, createPost, deletePost, existingPost, followUser, presentPost } from './service.ts';

const postParams = z.object({ id: z.string().regex(/^post_[A-Za-z0-9]{20}$/, COMMUNITY_MESSAGES.postNotFound) });

export async function communityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/posts',
    {
      schema: {
        querystring: z.object({ feed: z.enum(FEEDS).default('all'), cursor: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: feedPageSchema },
      },
    },
    async (request) => {
      const viewer = await getSessionUser(ctx.auth, request);
      if (request.query.feed === 'following' && !viewer) throw new UnauthorizedError();
      const { rows, nextCursor } = await readFeed(db, {
        feed: request.query.feed,
        viewerId: viewer?.id,
        cursor: decodeCursor(request.query.cursor),
        limit: request.query.limit,
      });
      return { items: rows.map((row) => presentPost(row, viewer)), nextCursor };
    },
  );

  typed.get('/api/posts/:id', { schema: { params: postParams, response: { 200: postAnswerSchema } } }, async (request) => {
    const viewer = await getSessionUser(ctx.auth, request);
    const row = await readPost(db, request.params.id, viewer?.id);
    if (!row) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
    return { post: presentPost(row, viewer) };
  });

  // A post has text, an image or a video (one media type); media are checked by content.
  typed.post('/api/posts', { schema: { response: { 201: postAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send({ post: await createPost(ctx, request, user) });
  });

  typed.delete('/api/posts/:id', { schema: { params: postParams, response: { 204: postDeletedSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const post = await existingPost(ctx, request.params.id);
    if (!canDeletePost(user, post)) throw new ForbiddenError(COMMUNITY_MESSAGES.authorOnly, 'not_post_author');
    await deletePost(ctx, post);
    return reply.status(204).send(null);
  });

  for (const [method, liked] of [['put', true], ['delete', false]] as const) {
    typed[method]('/api/posts/:id/like', { schema: { params: postParams, response: { 200: likeStateSchema } } }, async (request) => {
      const user = await requireUser(ctx.auth, request, { message: COMMUNITY_MESSAGES.likeLoginRequired, code: 'like_login_required' });
      await existingPost(ctx, request.params.id, user.id);
      const likeCount = await setLike(db, request.params.id, user.id, liked);
      if (likeCount === undefined) throw new NotFoundError(COMMUNITY_MESSAGES.postNotFound, 'post_not_found');
      await announce(ctx, 'posts.updated', { id: request.params.id, likeCount });
      if (liked) await tellOfLike(ctx, await existingPost(ctx, request.params.id), user);
      return { liked, likeCount };
    });
  }

  typed.get('/api/posts/:id/comments', { schema: { params: postParams, response: { 200: commentsSchema } } }, async (request) => {
    await existingPost(ctx, request.params.id, (await getSessionUser(ctx.auth, request))?.id ?? null);
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
    { schema: { params: postParams, body: z.object({ text: z.string().max(COMMENT_TEXT_MAX * 2).default('') }), response: { 201: addedCommentSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request, { message: COMMUNITY_MESSAGES.commentLoginRequired, code: 'comment_login_required' });
      const text = request.body.text.trim();
      if (!text) throw new BadRequestError(COMMUNITY_MESSAGES.emptyComment, 'empty_comment');
      if (text.length > COMMENT_TEXT_MAX) throw new BadRequestError(COMMUNITY_MESSAGES.commentTooLong, 'comment_too_long');
      const post = await existingPost(ctx, request.params.id, user.id);
      const added = await addComment(db, request.params.id, user.id, text);
      await announce(ctx, 'posts.updated', { id: request.params.id, commentCount: added!.comment_count });
      await tellOfComment(ctx, post, added!.id, user, text);
      return reply.status(201).send({ id: added!.id, commentCount: added!.comment_count });
    },
  );

  // Follows, kept on the server; the counts show on profiles and storefronts.
  const userParams = z.object({ id: z.string().min(1).max(100) });
  typed.get('/api/users/:id/follows', { schema: { params: userParams, response: { 200: followStateSchema } } }, async (request) => {
    const viewer = await getSessionUser(ctx.auth, request);
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id));
    if (!target) throw new NotFoundError(COMMUNITY_MESSAGES.userNotFound, 'user_not_found');
    return followCounts(db, target.id, viewer?.id);
  });

  for (const [method, follow] of [['put', true], ['delete', false]] as const) {
    typed[method]('/api/users/:id/follow', { schema: { params: userParams, response: { 200: followStateSchema } } }, async (request) => {
      const viewer = await getSessionUser(ctx.auth, request);
      if (!viewer) throw new UnauthorizedError(COMMUNITY_MESSAGES.notLoggedIn, 'not_logged_in');
      if (viewer.id === request.params.id) throw new BadRequestError(COMMUNITY_MESSAGES.cannotFollowSelf, 'cannot_follow_self');
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.params.id));
      if (!target) throw new NotFoundError(COMMUNITY_MESSAGES.userNotFound, 'user_not_found');
      if (follow) await followUser(ctx, viewer, target.id);
      else await db.delete(follows).where(sqlFollow(viewer.id, target.id));
      return followCounts(db, target.id, viewer.id);
    });
  }
}

function sqlFollow(followerId: string, followeeId: string) {
  return and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
}

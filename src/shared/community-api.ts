/** The community routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';

export const postAuthorSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string(), slug: z.string().nullable() });
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** A community post as the API answers it. */
export const postSchema = z.object({
  id: z.string(),
  author: postAuthorSchema,
  content: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.string(),
  canDelete: z.boolean(),
  /** For the members of one of its author's membership products only. */
  membersOnly: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** One keyset page of a feed; `nextCursor` is null on the last page. */
export const feedPageSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;

export const postAnswerSchema = z.object({ post: postSchema });

/** DELETE /api/posts/:id answers 204 with no body. */
export const postDeletedSchema = noContentSchema;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const postCommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string() }),
});
export type PostComment = z.infer<typeof postCommentSchema>;

export const commentsSchema = z.object({ items: z.array(postCommentSchema) });

export const addedCommentSchema = z.object({ id: z.number().int(), commentCount: z.number().int() });
export type AddedComment = z.infer<typeof addedCommentSchema>;

/** `followsMe`: the user follows the viewer back; two members who follow each other may message each other. */
export const followStateSchema = z.object({ followers: z.number().int(), following: z.number().int(), isFollowing: z.boolean(), followsMe: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

export const COMMUNITY_API = {
  'GET /api/posts': feedPageSchema,
  'POST /api/posts': postAnswerSchema,
  'GET /api/posts/:id': postAnswerSchema,
  'DELETE /api/posts/:id': postDeletedSchema,
  'PUT /api/posts/:id/like': likeStateSchema,
  'DELETE /api/posts/:id/like': likeStateSchema,
  'GET /api/posts/:id/comments': commentsSchema,
  'POST /api/posts/:id/comments': addedCommentSchema,
  'GET /api/users/:id/follows': followStateSchema,
  'PUT /api/users/:id/follow': followStateSchema,
  'DELETE /api/users/:id/follow': followStateSchema,
} as const satisfies ApiRoutes;

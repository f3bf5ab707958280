import { z } from 'zod';
import { COMMENT_TEXT_MAX, COMMUNITY_MESSAGES, POST_TEXT_MAX } from './community.ts';

// Kept apart from community.ts: zod comes only with the community forms.

export const COMMENT_TOO_LONG = COMMUNITY_MESSAGES.commentTooLong;

/** A comment on a post: its text, trimmed, not empty. */
export const commentFormSchema = z.object({
  text: z.string().trim().min(1, COMMUNITY_MESSAGES.emptyComment).max(COMMENT_TEXT_MAX, COMMENT_TOO_LONG),
});
export type CommentForm = z.infer<typeof commentFormSchema>;

/** A new post's text fields: text, or an attached image or video (`hasMedia`), or both. */
export const postFormSchema = z
  .object({ content: z.string().trim().max(POST_TEXT_MAX), hasMedia: z.boolean() })
  .refine((post) => post.content !== '' || post.hasMedia, { path: ['content'], message: COMMUNITY_MESSAGES.emptyPost });
export type PostForm = z.infer<typeof postFormSchema>;

/** The community feed: posts, comments, likes and follows (SPEC §2 ZerriJobs community tab). */

export const POST_TEXT_MAX = 5000;

export const COMMENT_TEXT_MAX = 2000;

export const COMMUNITY_MESSAGES = {
  likeLoginRequired: 'Please log in to like posts.',
  commentLoginRequired: 'Please log in to comment.',
  emptyPost: 'Empty Post: Please add content, an image, or a video.',
  invalidImage: 'Invalid File: Please select an image file.',
  invalidVideo: 'Invalid File: Please select a video file.',
  postCreated: 'Post Created!',
  emptyComment: 'Empty Comment: Cannot submit an empty comment.',
  commentAdded: 'Comment Added',
  postDeleted: 'Post Deleted',
  notLoggedIn: 'Not Logged In: Please log in to follow users.',
  cannotFollowSelf: 'Cannot Follow Self: You cannot follow yourself.',
  userNotFound: 'Error: User not found.',
  followed: 'Followed',
  unfollowed: 'Unfollowed',
  noFollowing: 'You are not following anyone yet. Explore posts and follow creators!',
  emptyFeed: 'No posts to show in this feed. Start by creating a post or following other creators!',
  postNotFound: 'Post not found.',
  imageOrVideo: 'Please add either an image or a video, not both.',
  postTooLong: `A post can be at most ${POST_TEXT_MAX} characters.`,
  commentTooLong: `A comment can be at most ${COMMENT_TEXT_MAX} characters.`,
  authorOnly: 'Only the author can delete this post.',
} as const;

/** Fixed values in COMMUNITY_MESSAGES, for their translations' {{placeholders}}. */
export const COMMUNITY_MESSAGE_PARAMS = { postTooLong: { max: POST_TEXT_MAX }, commentTooLong: { max: COMMENT_TEXT_MAX } };

export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const POST_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

export const FEEDS = ['all', 'following', 'popular'] as const;

export type Feed = (typeof FEEDS)[number];

/** Popular order: likes plus comments, highest first. */
export function popularity(post: { likeCount: number; commentCount: number }): number {
  return post.likeCount + post.commentCount;
}

/** The author of a post, or an admin, may delete it. */
export function canDeletePost(viewer: { id: string; role: string } | null | undefined, post: { authorId: string }): boolean {
  return Boolean(viewer && (viewer.id === post.authorId || viewer.role === 'admin'));
}

/** A post or comment tells at most this many mentioned users. */
export const MENTIONS_MAX = 10;

/**
 * The storefront slugs mentioned as `@slug` in a text (SLUG rules of profiles.ts: a-z, 0-9, dashes),
 * once each, in order; an e-mail address's `@` is not a mention.
 */
export function mentionedSlugs(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(^|[^A-Za-z0-9._%+-])@([a-z0-9-]{3,60})(?![a-z0-9-])/g)) {
    found.add(match[2]!.replace(/-+$/, ''));
    if (found.size === MENTIONS_MAX) break;
  }
  return [...found];
}

import type { Feed } from '#shared/community.ts';

export type { AddedComment, FeedPage, FollowState, LikeState, Post, PostAuthor, PostComment } from '#shared/community-api.ts';

/** Every query of this feature starts with this key. */
export const COMMUNITY_QUERY_KEY = ['community'] as const;
export const feedQueryKey = (feed: Feed) => [...COMMUNITY_QUERY_KEY, 'feed', feed] as const;
export const postQueryKey = (id: string) => [...COMMUNITY_QUERY_KEY, 'post', id] as const;
export const commentsQueryKey = (id: string) => [...COMMUNITY_QUERY_KEY, 'comments', id] as const;
export const followsQueryKey = (userId: string) => [...COMMUNITY_QUERY_KEY, 'follows', userId] as const;

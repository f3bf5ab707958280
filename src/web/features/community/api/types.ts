import type { Feed } from '#shared/community.ts';

export interface PostAuthor {
  id: string;
  name: string;
  avatarUrl: string;
  slug: string | null;
}

/** A community post as the API answers it. */
export interface Post {
  id: string;
  author: PostAuthor;
  content: string;
  imageUrl: string | null;
  videoUrl: string | null;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  createdAt: string;
  canDelete: boolean;
}

export interface PostComment {
  id: number;
  text: string;
  createdAt: string;
  author: { id: string; name: string; avatarUrl: string };
}

export interface FeedPage {
  items: Post[];
  nextCursor: string | null;
}

export interface FollowState {
  followers: number;
  following: number;
  isFollowing: boolean;
}

/** Every query of this feature starts with this key. */
export const COMMUNITY_QUERY_KEY = ['community'] as const;
export const feedQueryKey = (feed: Feed) => [...COMMUNITY_QUERY_KEY, 'feed', feed] as const;
export const postQueryKey = (id: string) => [...COMMUNITY_QUERY_KEY, 'post', id] as const;
export const commentsQueryKey = (id: string) => [...COMMUNITY_QUERY_KEY, 'comments', id] as const;
export const followsQueryKey = (userId: string) => [...COMMUNITY_QUERY_KEY, 'follows', userId] as const;

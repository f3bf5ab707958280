import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Feed } from '#shared/community.ts';
import { call } from '#web/lib/api.ts';
import { feedQueryKey, type FeedPage } from './types.ts';

export const FEED_PAGE_SIZE = 10;

/** GET /api/posts?feed=…&cursor=…: one keyset page (Following needs a session). */
export function getFeed(feed: Feed, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  return call('GET /api/posts', { query: { feed, limit: FEED_PAGE_SIZE, cursor: cursor || undefined }, signal });
}

export const getFeedQueryOptions = (feed: Feed) =>
  infiniteQueryOptions({
    queryKey: feedQueryKey(feed),
    queryFn: ({ pageParam, signal }) => getFeed(feed, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useFeed(feed: Feed) {
  return useInfiniteQuery(getFeedQueryOptions(feed));
}

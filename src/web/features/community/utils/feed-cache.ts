import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Feed } from '#shared/community.ts';
import { COMMUNITY_QUERY_KEY, feedQueryKey, postQueryKey, type FeedPage, type Post } from '../api/types.ts';

type FeedData = InfiniteData<FeedPage, string | null>;
const FEEDS_KEY = [...COMMUNITY_QUERY_KEY, 'feed'] as const;

const mapFeed = (data: FeedData | undefined, map: (items: Post[], pageIndex: number) => Post[]): FeedData | undefined => {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page, index) => {
    const items = map(page.items, index);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
};

export const feedHasPost = (queryClient: QueryClient, feed: Feed, id: string) =>
  queryClient.getQueryData<FeedData>(feedQueryKey(feed))?.pages.some((page) => page.items.some((post) => post.id === id)) ?? false;

/** Changes one post wherever it is cached: every feed and its own page. */
export function patchPost(queryClient: QueryClient, id: string, update: (post: Post) => Post): void {
  queryClient.setQueriesData<FeedData>({ queryKey: FEEDS_KEY }, (data) =>
    mapFeed(data, (items) => (items.some((post) => post.id === id) ? items.map((post) => (post.id === id ? update(post) : post)) : items)),
  );
  queryClient.setQueryData<Post>(postQueryKey(id), (post) => (post ? update(post) : post));
}

/** Puts a new post at the top of a loaded feed (newest first); Popular is refetched when next shown. */
export function insertPost(queryClient: QueryClient, post: Post, feeds: Feed[] = ['all']): void {
  for (const feed of feeds) {
    if (feedHasPost(queryClient, feed, post.id)) continue;
    queryClient.setQueryData<FeedData>(feedQueryKey(feed), (data) => mapFeed(data, (items, index) => (index === 0 ? [post, ...items] : items)));
  }
  queryClient.setQueryData(postQueryKey(post.id), post);
  void queryClient.invalidateQueries({ queryKey: feedQueryKey('popular'), refetchType: 'none' });
}

/** Takes a deleted post out of every feed; its own page finds out on its next fetch. */
export function removePost(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<FeedData>({ queryKey: FEEDS_KEY }, (data) =>
    mapFeed(data, (items) => (items.some((post) => post.id === id) ? items.filter((post) => post.id !== id) : items)),
  );
  void queryClient.invalidateQueries({ queryKey: postQueryKey(id) });
}

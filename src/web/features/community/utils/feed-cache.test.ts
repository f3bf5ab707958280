import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedQueryKey, postQueryKey, type FeedPage, type Post } from '../api/types.ts';
import { feedHasPost, insertPost, patchPost, removePost } from './feed-cache.ts';

type FeedData = InfiniteData<FeedPage, string | null>;

// Only the fields the cache reads matter here.
const post = (id: string, likeCount = 0) => ({ id, likeCount }) as unknown as Post;
const feedOf = (...pages: Post[][]): FeedData => ({
  pages: pages.map((items, index) => ({ items, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});
const ids = (client: QueryClient, feed: 'all' | 'following' | 'popular') =>
  client.getQueryData<FeedData>(feedQueryKey(feed))?.pages.map((page) => page.items.map((item) => item.id));

describe('community feed cache', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
  });

  it('finds a post on any loaded page of a feed', () => {
    client.setQueryData(feedQueryKey('all'), feedOf([post('a')], [post('b')]));
    expect(feedHasPost(client, 'all', 'b')).toBe(true);
    expect(feedHasPost(client, 'all', 'z')).toBe(false);
    expect(feedHasPost(client, 'following', 'a')).toBe(false);
  });

  it('patches a post in every feed and on its own page, leaving the other pages as they were', () => {
    const all = feedOf([post('a')], [post('b')]);
    client.setQueryData(feedQueryKey('all'), all);
    client.setQueryData(feedQueryKey('popular'), feedOf([post('b'), post('c')]));
    client.setQueryData(postQueryKey('b'), post('b'));

    patchPost(client, 'b', (item) => ({ ...item, likeCount: item.likeCount + 1 }));

    const patched = client.getQueryData<FeedData>(feedQueryKey('all'))!;
    expect(patched.pages[1]!.items[0]!.likeCount).toBe(1);
    expect(patched.pages[0]).toBe(all.pages[0]); // an untouched page keeps its identity (no re-render)
    expect(client.getQueryData<FeedData>(feedQueryKey('popular'))!.pages[0]!.items.map((item) => item.likeCount)).toEqual([1, 0]);
    expect(client.getQueryData<Post>(postQueryKey('b'))!.likeCount).toBe(1);
  });

  it('keeps a feed without the post as the same object', () => {
    const following = feedOf([post('x')]);
    client.setQueryData(feedQueryKey('following'), following);
    patchPost(client, 'b', (item) => ({ ...item, likeCount: 9 }));
    expect(client.getQueryData(feedQueryKey('following'))).toBe(following);
  });

  it('inserts a new post at the top of the first page, once, and caches its own page', () => {
    client.setQueryData(feedQueryKey('all'), feedOf([post('a')], [post('b')]));
    client.setQueryData(feedQueryKey('following'), feedOf([post('a')]));
    insertPost(client, post('n'), ['all', 'following']);
    insertPost(client, post('n'), ['all']);
    expect(ids(client, 'all')).toEqual([['n', 'a'], ['b']]);
    expect(ids(client, 'following')).toEqual([['n', 'a']]);
    expect(client.getQueryData<Post>(postQueryKey('n'))!.id).toBe('n');
  });

  it('leaves a feed that is not loaded unloaded, and marks Popular stale', () => {
    client.setQueryData(feedQueryKey('popular'), feedOf([post('a')]));
    insertPost(client, post('n'));
    expect(client.getQueryData(feedQueryKey('all'))).toBeUndefined();
    expect(ids(client, 'popular')).toEqual([['a']]);
    expect(client.getQueryState(feedQueryKey('popular'))!.isInvalidated).toBe(true);
  });

  it('removes a deleted post from every feed', () => {
    client.setQueryData(feedQueryKey('all'), feedOf([post('a'), post('b')], [post('c')]));
    client.setQueryData(feedQueryKey('popular'), feedOf([post('b')]));
    client.setQueryData(postQueryKey('b'), post('b'));
    removePost(client, 'b');
    expect(ids(client, 'all')).toEqual([['a'], ['c']]);
    expect(ids(client, 'popular')).toEqual([[]]);
    expect(client.getQueryState(postQueryKey('b'))!.isInvalidated).toBe(true);
  });
});

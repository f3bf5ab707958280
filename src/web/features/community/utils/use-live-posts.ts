import { useQueryClient } from '@tanstack/react-query';
import type { Feed } from '#shared/community.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { getPost } from '../api/get-post.ts';
import { commentsQueryKey, feedQueryKey, followsQueryKey, type FollowState } from '../api/types.ts';
import { feedHasPost, insertPost, patchPost, removePost } from './feed-cache.ts';

/**
 * Keeps the cached feeds and post pages live with the public `posts.*` events: new posts from
 * others appear at the top, like and comment counts follow, deleted posts go away.
 */
export function useLivePosts(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent('posts.created', ({ data }) => {
    if (!data || typeof data.id !== 'string') return;
    const follows = queryClient.getQueryData<FollowState>(followsQueryKey(data.authorId));
    const feeds: Feed[] = ['all'];
    if (follows?.isFollowing) feeds.push('following');
    const missing: Feed[] = [];
    for (const feed of feeds) {
      const state = queryClient.getQueryState(feedQueryKey(feed));
      // A page on its way may have been read before this post existed: ask again.
      if (state?.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: feedQueryKey(feed) });
      else if (state?.data && !feedHasPost(queryClient, feed, data.id)) missing.push(feed);
    }
    if (missing.length === 0) return;
    getPost(data.id)
      .then((post) => insertPost(queryClient, post, missing))
      .catch(() => {
        // Deleted in the meantime, or the network failed: the next refetch shows the truth.
      });
  });

  useRealtimeEvent('posts.updated', ({ data }) => {
    if (!data || typeof data.id !== 'string') return;
    const { likeCount, commentCount } = data;
    patchPost(queryClient, data.id, (post) => ({
      ...post,
      ...(typeof likeCount === 'number' ? { likeCount } : {}),
      ...(typeof commentCount === 'number' ? { commentCount } : {}),
    }));
    if (typeof commentCount === 'number') void queryClient.invalidateQueries({ queryKey: commentsQueryKey(data.id) });
  });

  useRealtimeEvent('posts.deleted', ({ data }) => {
    if (data && typeof data.id === 'string') removePost(queryClient, data.id);
  });
}

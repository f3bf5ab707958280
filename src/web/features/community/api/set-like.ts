import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { patchPost } from '../utils/feed-cache.ts';
import type { LikeState, Post } from './types.ts';

/** PUT or DELETE /api/posts/{id}/like: a like is counted once per user. */
export const setLike = ({ id, liked }: { id: string; liked: boolean }): Promise<LikeState> =>
  call(liked ? 'PUT /api/posts/:id/like' : 'DELETE /api/posts/:id/like', { params: { id } });

/** Optimistic: the button flips at once and is put right by the server's answer (or rolled back). */
export function useSetLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLike,
    onMutate: ({ id, liked }) => {
      let previous: Pick<Post, 'likedByMe' | 'likeCount'> | undefined;
      patchPost(queryClient, id, (post) => {
        previous ??= { likedByMe: post.likedByMe, likeCount: post.likeCount };
        if (post.likedByMe === liked) return post;
        return { ...post, likedByMe: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) };
      });
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) patchPost(queryClient, id, (post) => ({ ...post, ...previous }));
    },
    onSuccess: ({ liked, likeCount }, { id }) => patchPost(queryClient, id, (post) => ({ ...post, likedByMe: liked, likeCount })),
  });
}

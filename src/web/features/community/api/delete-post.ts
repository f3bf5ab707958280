import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { removePost } from '../utils/feed-cache.ts';

/** DELETE /api/posts/{id}: the author (or an admin) only; 403 otherwise. */
export const deletePost = (id: string) => call('DELETE /api/posts/:id', { params: { id } });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_, id) => removePost(queryClient, id),
  });
}

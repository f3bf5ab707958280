import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { patchPost } from '../utils/feed-cache.ts';
import { commentsQueryKey } from './types.ts';

/** POST /api/posts/{id}/comments: 201; 400 'Empty Comment: Cannot submit an empty comment.' */
export const addComment = ({ postId, text }: { postId: string; text: string }): Promise<{ id: number; commentCount: number }> =>
  api(`/api/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', body: { text } });

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: ({ commentCount }, { postId }) => {
      patchPost(queryClient, postId, (post) => ({ ...post, commentCount: Math.max(post.commentCount, commentCount) }));
      return queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) });
    },
  });
}

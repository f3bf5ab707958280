import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { patchPost } from '../utils/feed-cache.ts';
import { commentsQueryKey } from './types.ts';

/** POST /api/posts/{id}/comments: 201; 400 'Empty Comment: Cannot submit an empty comment.' */
export const addComment = ({ postId, text }: { postId: string; text: string }) =>
  call('POST /api/posts/:id/comments', { params: { id: postId }, body: { text } });

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

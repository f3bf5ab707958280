import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { commentsQueryKey, type PostComment } from './types.ts';

/** GET /api/posts/{id}/comments: oldest first. */
export const getComments = async (postId: string, signal?: AbortSignal): Promise<PostComment[]> =>
  (await call('GET /api/posts/:id/comments', { params: { id: postId }, signal })).items;

export const getCommentsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: commentsQueryKey(postId), queryFn: ({ signal }) => getComments(postId, signal) });

export function useComments(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCommentsQueryOptions(postId), enabled });
}

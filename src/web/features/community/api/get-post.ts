import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '#web/lib/api.ts';
import { postQueryKey, type Post } from './types.ts';

/** GET /api/posts/{id}: one post (404 'Post not found.'). */
export const getPost = async (id: string, signal?: AbortSignal): Promise<Post> =>
  (await call('GET /api/posts/:id', { params: { id }, signal })).post;

export const getPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postQueryKey(id),
    queryFn: ({ signal }) => getPost(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

export function usePost(id: string) {
  return useQuery(getPostQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { followsQueryKey, type FollowState } from './types.ts';

/** GET /api/users/{id}/follows: follower and following counts, and whether I follow them. */
export const getFollows = (userId: string, signal?: AbortSignal): Promise<FollowState> =>
  call('GET /api/users/:id/follows', { params: { id: userId }, signal });

export const getFollowsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: followsQueryKey(userId), queryFn: ({ signal }) => getFollows(userId, signal), staleTime: 60_000 });

export function useFollows(userId: string | undefined) {
  return useQuery({ ...getFollowsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

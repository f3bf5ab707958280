import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { feedQueryKey, followsQueryKey, type FollowState } from './types.ts';

/** PUT or DELETE /api/users/{id}/follow: 401 not logged in, 400 self, 404 unknown user. */
export const setFollow = ({ userId, follow }: { userId: string; follow: boolean }): Promise<FollowState> =>
  call(follow ? 'PUT /api/users/:id/follow' : 'DELETE /api/users/:id/follow', { params: { id: userId } });

export function useSetFollow({ viewerId }: { viewerId: string | undefined }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    onSuccess: async (state, { userId }) => {
      queryClient.setQueryData(followsQueryKey(userId), state);
      // My own "following" count and the Following feed change with it.
      if (viewerId) await queryClient.invalidateQueries({ queryKey: followsQueryKey(viewerId) });
      await queryClient.invalidateQueries({ queryKey: feedQueryKey('following') });
    },
  });
}

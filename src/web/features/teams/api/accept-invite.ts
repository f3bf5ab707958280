import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { teamStoresQueryKey } from './get-team-stores.ts';

/** POST /api/teams/invites/accept: the store I joined. */
export const acceptInvite = (token: string) => call('POST /api/teams/invites/accept', { body: { token } });

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamStoresQueryKey }) });
}

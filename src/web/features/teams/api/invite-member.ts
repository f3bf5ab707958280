import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { teamQueryOptions } from './get-team.ts';

/** POST /api/teams/invites: 201; the invitee gets a mail with the accept link. */
export const inviteMember = (email: string) => call('POST /api/teams/invites', { body: { email } });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }) });
}

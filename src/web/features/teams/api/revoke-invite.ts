import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { teamQueryOptions } from './get-team.ts';

/** DELETE /api/teams/invites/{id}: 204; the link stops working. */
export const revokeInvite = (id: string) => call('DELETE /api/teams/invites/:id', { params: { id } });

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { teamQueryOptions } from './get-team.ts';

/** DELETE /api/teams/members/{id}: 204; the member's access ends with their next request. */
export const removeMember = (id: string) => call('DELETE /api/teams/members/:id', { params: { id } });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }) });
}

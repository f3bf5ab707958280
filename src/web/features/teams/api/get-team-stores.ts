import { useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/teams/stores: the stores I may work on as a team member (the store switcher). */
export const getTeamStores = () => call('GET /api/teams/stores');

export const teamStoresQueryKey = ['teams', 'stores'] as const;

export function useTeamStores() {
  return useQuery({ queryKey: teamStoresQueryKey, queryFn: getTeamStores, staleTime: 60_000 });
}

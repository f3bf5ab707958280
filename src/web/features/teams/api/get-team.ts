import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/teams: my team's seats, members and pending invitations (seats 0 below the Business plan). */
export const getTeam = () => call('GET /api/teams');

export const teamQueryOptions = () => queryOptions({ queryKey: ['teams', 'team'], queryFn: getTeam });

export function useTeam() {
  return useQuery(teamQueryOptions());
}

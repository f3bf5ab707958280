import { useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/teams/activity: what members did on my store, newest first (the audit log's entries). */
export const getTeamActivity = () => call('GET /api/teams/activity');

export function useTeamActivity() {
  return useQuery({ queryKey: ['teams', 'activity'], queryFn: getTeamActivity });
}

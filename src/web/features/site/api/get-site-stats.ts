import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteStats } from '#shared/site-api.ts';
import { call } from '#web/lib/api.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';

export type { SiteStats } from '#shared/site-api.ts';

/** GET /api/site/stats: the number of registered accounts. */
export const getSiteStats = () => call('GET /api/site/stats');

export const siteStatsQueryOptions = () =>
  queryOptions({ queryKey: ['site-stats'], queryFn: getSiteStats, staleTime: 60_000 });

/**
 * The registered-user count, kept live: each `users.count` event on the public channel replaces
 * it, and it is fetched again whenever the event stream (re)connects so no sign-up is missed in
 * between. `count` is 0 when the request failed, undefined while loading, null while the operator
 * keeps it back.
 */
export function useRegisteredUserCount(): { count: number | null | undefined; isPending: boolean } {
  const queryClient = useQueryClient();
  const { data, isError, isPending } = useQuery(siteStatsQueryOptions());
  const { queryKey } = siteStatsQueryOptions();

  useRealtimeEvent('users.count', (event) => {
    const count = event.data?.count;
    if (count === null || (typeof count === 'number' && Number.isFinite(count))) {
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<SiteStats>(queryKey, { registeredUsers: count });
    }
  });
  useRealtimeEvent('ready', () => {
    void queryClient.invalidateQueries({ queryKey });
  });

  if (data) return { count: data.registeredUsers, isPending: false };
  return { count: isError ? 0 : undefined, isPending };
}

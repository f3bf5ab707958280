import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export type { CountByValue, LinkStats } from './types.ts';

/** GET /api/links/{code}/stats: one of the user's links with its click breakdown (404 otherwise). */
export const getLinkStats = (code: string, signal?: AbortSignal) => call('GET /api/links/:code/stats', { params: { code }, signal });

export const getLinkStatsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...LINKS_QUERY_KEY, 'stats', code],
    queryFn: ({ signal }) => getLinkStats(code, signal),
  });

export function useLinkStats(code: string) {
  return useQuery(getLinkStatsQueryOptions(code));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY } from './types.ts';

export type { CountByValue, LinkStats } from './types.ts';

/** The days asked for: 7, 30 or 90 back from today, or a custom from/to (UTC days). */
export type StatsRange = { days: '7' | '30' | '90' } | { from: string; to: string };

/** GET /api/links/{code}/stats: one of the user's links with its click breakdown (404 otherwise). */
export const getLinkStats = (code: string, range: StatsRange = { days: '30' }, signal?: AbortSignal) =>
  call('GET /api/links/:code/stats', { params: { code }, query: range, signal });

/** The same days as a CSV file, for a download link. */
export const linkStatsCsvUrl = (code: string, range: StatsRange) =>
  `/api/links/${encodeURIComponent(code)}/stats.csv?${new URLSearchParams(range).toString()}`;

export const getLinkStatsQueryOptions = (code: string, range?: StatsRange) =>
  queryOptions({
    queryKey: range ? [...LINKS_QUERY_KEY, 'stats', code, range] : [...LINKS_QUERY_KEY, 'stats', code],
    queryFn: ({ signal }) => getLinkStats(code, range, signal),
    placeholderData: keepPreviousData,
  });

export function useLinkStats(code: string, range: StatsRange = { days: '30' }) {
  return useQuery(getLinkStatsQueryOptions(code, range));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { domainQuery, LINKS_QUERY_KEY, type LinkAddress } from './types.ts';

export type { CountByValue, LinkStats } from './types.ts';

/** The days asked for: 7, 30 or 90 back from today, or a custom from/to (UTC days). */
export type StatsRange = { days: '7' | '30' | '90' } | { from: string; to: string };

/** GET /api/links/{code}/stats?domain=: one of the user's links with its click breakdown (404 otherwise). */
export const getLinkStats = ({ code, domain }: LinkAddress, range: StatsRange = { days: '30' }, signal?: AbortSignal) =>
  call('GET /api/links/:code/stats', { params: { code }, query: { ...range, ...domainQuery(domain) }, signal });

/** The same days as a CSV file, for a download link. */
export const linkStatsCsvUrl = ({ code, domain }: LinkAddress, range: StatsRange) =>
  `/api/links/${encodeURIComponent(code)}/stats.csv?${new URLSearchParams({ ...range, ...(domain ? { domain } : {}) }).toString()}`;

/** The stats queries of one link: keyed by domain and code (the same code may live on several domains). */
export const linkStatsKey = ({ code, domain }: LinkAddress) => [...LINKS_QUERY_KEY, 'stats', domain ?? '', code] as const;

export const getLinkStatsQueryOptions = (address: LinkAddress, range?: StatsRange) =>
  queryOptions({
    queryKey: range ? [...linkStatsKey(address), range] : linkStatsKey(address),
    queryFn: ({ signal }) => getLinkStats(address, range, signal),
    placeholderData: keepPreviousData,
  });

export function useLinkStats(address: LinkAddress, range: StatsRange = { days: '30' }) {
  return useQuery(getLinkStatsQueryOptions(address, range));
}

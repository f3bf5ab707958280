import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { LINKS_QUERY_KEY, type ShortLink } from './types.ts';

export interface CountByValue {
  value: string;
  clicks: number;
}

export interface LinkStats extends ShortLink {
  /** The last 30 days (UTC), oldest first. */
  daily: { day: string; clicks: number }[];
  referrers: CountByValue[];
  browsers: CountByValue[];
  devices: CountByValue[];
}

/** GET /api/links/{code}/stats: one of the user's links with its click breakdown (404 otherwise). */
export const getLinkStats = (code: string, signal?: AbortSignal): Promise<LinkStats> =>
  api<LinkStats>(`/api/links/${encodeURIComponent(code)}/stats`, { signal });

export const getLinkStatsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...LINKS_QUERY_KEY, 'stats', code],
    queryFn: ({ signal }) => getLinkStats(code, signal),
  });

export function useLinkStats(code: string) {
  return useQuery(getLinkStatsQueryOptions(code));
}

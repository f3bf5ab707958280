import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { CreatorOverview, OverviewSale } from './types.ts';

/** GET /api/my/overview: the creator overview's figures (completed sales only). */
export const getOverview = (signal?: AbortSignal) => call('GET /api/my/overview', { signal });

export const overviewQueryOptions = () => queryOptions({ queryKey: ['dashboard', 'overview'] as const, queryFn: ({ signal }) => getOverview(signal) });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}

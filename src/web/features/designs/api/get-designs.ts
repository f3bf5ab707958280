import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { DESIGNS_QUERY_KEY } from './types.ts';

/** GET /api/designs: the signed-in user's saved designs, most recently changed first. */
export const getDesigns = (signal?: AbortSignal) => call('GET /api/designs', { signal });

export const getDesignsQueryOptions = () =>
  queryOptions({ queryKey: [...DESIGNS_QUERY_KEY, 'list'] as const, queryFn: ({ signal }) => getDesigns(signal) });

export function useDesigns({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getDesignsQueryOptions(), enabled });
}

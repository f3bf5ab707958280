import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { DESIGNS_QUERY_KEY } from './types.ts';

/** GET /api/designs/{id}: one of the user's designs with its elements; 404 otherwise. */
export const getDesign = (id: string, signal?: AbortSignal) => call('GET /api/designs/:id', { params: { id }, signal });

export const getDesignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DESIGNS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getDesign(id, signal),
    staleTime: Infinity,
    retry: false,
  });

export function useDesign(id: string | null) {
  return useQuery({ ...getDesignQueryOptions(id ?? ''), enabled: Boolean(id) });
}

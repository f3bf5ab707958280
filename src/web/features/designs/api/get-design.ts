import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { DESIGNS_QUERY_KEY, type Design } from './types.ts';

/** GET /api/designs/{id}: one of the user's designs with its elements; 404 otherwise. */
export const getDesign = (id: string, signal?: AbortSignal): Promise<{ design: Design }> =>
  api(`/api/designs/${encodeURIComponent(id)}`, { signal });

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

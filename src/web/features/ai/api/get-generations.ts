import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { Generation } from '#shared/ai-api.ts';

/** GET /api/ai/generations: the signed-in user's latest generations, newest first. */
export const getGenerations = (signal?: AbortSignal) => call('GET /api/ai/generations', { signal });

export const getGenerationsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'generations'] as const, queryFn: ({ signal }) => getGenerations(signal) });

export function useGenerations() {
  return useQuery(getGenerationsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface Generation {
  id: string;
  prompt: string;
  response: string;
  status: 'completed' | 'stopped';
  createdAt: string;
}

/** GET /api/ai/generations: the signed-in user's latest generations, newest first. */
export const getGenerations = (signal?: AbortSignal): Promise<{ items: Generation[] }> =>
  api<{ items: Generation[] }>('/api/ai/generations', { signal });

export const getGenerationsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'generations'] as const, queryFn: ({ signal }) => getGenerations(signal) });

export function useGenerations() {
  return useQuery(getGenerationsQueryOptions());
}

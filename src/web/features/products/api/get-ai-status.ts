import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStatus } from '#shared/ai-api.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/ai/status: whether the server can call an AI provider ("Write with AI" is off without one). */
export const getAiStatus = (signal?: AbortSignal): Promise<AiStatus> => call('GET /api/ai/status', { signal });

export const getAiStatusQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'status'] as const, queryFn: ({ signal }) => getAiStatus(signal), staleTime: 60_000 });

export function useAiStatus() {
  return useQuery(getAiStatusQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface AiStatus {
  configured: boolean;
  missingSettings: string[];
}

/** GET /api/ai/status: whether the server can call a provider, and which settings are missing. */
export const getAiStatus = (signal?: AbortSignal): Promise<AiStatus> => api<AiStatus>('/api/ai/status', { signal });

export const getAiStatusQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'status'] as const, queryFn: ({ signal }) => getAiStatus(signal), staleTime: 60_000 });

export function useAiStatus() {
  return useQuery(getAiStatusQueryOptions());
}

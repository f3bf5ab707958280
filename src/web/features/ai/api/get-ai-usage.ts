import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiUsage } from '#shared/ai-api.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/ai/usage: my plan's AI generations a month and those used this month. */
export const getAiUsage = (signal?: AbortSignal): Promise<AiUsage> => call('GET /api/ai/usage', { signal });

export const getAiUsageQueryOptions = () => queryOptions({ queryKey: ['ai', 'usage'] as const, queryFn: ({ signal }) => getAiUsage(signal), staleTime: 0 });

export function useAiUsage() {
  return useQuery(getAiUsageQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPlan } from '#shared/plans-api.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/my/plan: my plan and what I have used of it this month. */
export const getMyPlan = (signal?: AbortSignal): Promise<MyPlan> => call('GET /api/my/plan', { signal });

// Read fresh whenever Settings opens: generations, uploads and mails elsewhere change it.
export const getMyPlanQueryOptions = () => queryOptions({ queryKey: ['plans', 'mine'] as const, queryFn: ({ signal }) => getMyPlan(signal), staleTime: 0 });

export function useMyPlan() {
  return useQuery(getMyPlanQueryOptions());
}

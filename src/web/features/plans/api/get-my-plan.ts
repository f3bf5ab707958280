import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyPlan } from '#shared/plans-api.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/my/plan: my plan and what I have used of it this month. */
export const getMyPlan = (signal?: AbortSignal): Promise<MyPlan> => call('GET /api/my/plan', { signal });

// Read fresh whenever Settings opens: generations, uploads and mails elsewhere change it.
export const getMyPlanQueryOptions = () => queryOptions({ queryKey: ['plans', 'mine'] as const, queryFn: ({ signal }) => getMyPlan(signal), staleTime: 0 });

export function useMyPlan() {
  return useQuery(getMyPlanQueryOptions());
}

/**
 * After a plan was bought or changed: the answer is my plan as it is now, and the plan sets limits all
 * over the dashboard (storage, AI, seats, domains), so every other query is read again.
 */
export function planChanged(queryClient: QueryClient, mine: MyPlan) {
  queryClient.setQueryData(getMyPlanQueryOptions().queryKey, mine);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'plans' || query.queryKey[1] !== 'mine' });
}

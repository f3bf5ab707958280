import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribePlanInput } from '#shared/plans-api.ts';
import { call } from '#web/lib/api.ts';
import { getMyPlanQueryOptions } from './get-my-plan.ts';

/** POST /api/my/plan/subscription: buys a plan with the test provider's card. */
export const subscribePlan = (input: SubscribePlanInput) => call('POST /api/my/plan/subscription', { body: input });

export function useSubscribePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribePlan,
    onSuccess: (mine) => {
      queryClient.setQueryData(getMyPlanQueryOptions().queryKey, mine);
      // The plan sets limits all over the dashboard (storage, AI, seats, domains): read them again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'plans' || query.queryKey[1] !== 'mine' });
    },
  });
}

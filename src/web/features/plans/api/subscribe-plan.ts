import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribePlanInput } from '#shared/plans-api.ts';
import { call } from '#web/lib/api.ts';
import { planChanged } from './get-my-plan.ts';

/** POST /api/my/plan/subscription: buys a plan with the test provider's card. */
export const subscribePlan = (input: SubscribePlanInput) => call('POST /api/my/plan/subscription', { body: input });

export function useSubscribePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribePlan,
    onSuccess: (mine) => planChanged(queryClient, mine),
  });
}

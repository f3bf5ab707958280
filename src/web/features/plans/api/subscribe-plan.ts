import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribePlanInput } from '#shared/plans-api.ts';
import { call } from '#web/lib/api.ts';
import { planChanged } from './get-my-plan.ts';

/** POST /api/my/plan/subscription: buys a plan with the test provider's card. */
export const subscribePlan = (input: SubscribePlanInput) => call('POST /api/my/plan/subscription', { body: input });

/** POST /api/my/plan/confirm: the Stripe Checkout the buyer came back from, recorded before its webhooks come. */
export function useConfirmPlanCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkout: string) => call('POST /api/my/plan/confirm', { body: { checkout } }),
    onSuccess: (mine) => planChanged(queryClient, mine),
  });
}

export function useSubscribePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribePlan,
    onSuccess: (mine) => planChanged(queryClient, mine),
  });
}

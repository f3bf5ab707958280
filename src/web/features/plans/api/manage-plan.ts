import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePlanCardInput } from '#shared/plans-api.ts';
import type { PlanId } from '#shared/plans.ts';
import { call } from '#web/lib/api.ts';
import { planChanged } from './get-my-plan.ts';

export type PlanAction = { action: 'change'; plan: PlanId } | { action: 'cancel' } | { action: 'resume' };

/** POST /api/my/plan/change, /cancel or /resume: each answers the plan as it is now. */
export const managePlan = (input: PlanAction) =>
  input.action === 'change'
    ? call('POST /api/my/plan/change', { body: { plan: input.plan } })
    : input.action === 'cancel'
      ? call('POST /api/my/plan/cancel')
      : call('POST /api/my/plan/resume');

export function useManagePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: managePlan,
    onSuccess: (mine) => planChanged(queryClient, mine),
  });
}

/** POST /api/my/plan/card: a new test card (a past-due plan's failed renewal is charged to it at once), or Stripe's page for one. */
export function useUpdatePlanCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePlanCardInput) => call('POST /api/my/plan/card', { body: input }),
    onSuccess: (mine) => planChanged(queryClient, mine),
  });
}

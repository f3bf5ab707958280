import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinMembershipInput, MembershipPlanInput } from '#shared/memberships-api.ts';
import type { CardForm } from '#shared/orders-forms.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** GET /api/memberships/plans/{productId}: a product's membership prices; null when it is not a membership. */
export const planQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['memberships', 'plan', productId],
    queryFn: async () => {
      try {
        return await call('GET /api/memberships/plans/:productId', { params: { productId } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `enabled` false when the product is known to have no plan (its answer's hasMembershipPlan): nothing is asked. */
export const usePlan = (productId: string, enabled = true) => useQuery({ ...planQueryOptions(productId), enabled });

/** PUT /api/memberships/plans/{productId}, or DELETE when `input` is null: the creator's prices. */
export function useSavePlan(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MembershipPlanInput | null) =>
      input
        ? call('PUT /api/memberships/plans/:productId', { params: { productId }, body: input })
        : (await call('DELETE /api/memberships/plans/:productId', { params: { productId } }), null),
    onSuccess: (plan) => queryClient.setQueryData(planQueryOptions(productId).queryKey, plan),
  });
}

/** GET /api/memberships: the signed-in member's memberships. */
export const myMembershipsQueryOptions = () => queryOptions({ queryKey: ['memberships', 'mine'], queryFn: () => call('GET /api/memberships') });

export const useMyMemberships = (enabled = true) => useQuery({ ...myMembershipsQueryOptions(), enabled });

/** POST /api/memberships: joins with a test card. */
export function useJoinMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinMembershipInput) => call('POST /api/memberships', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberships', 'mine'] }),
  });
}

/** POST /api/memberships/confirm: the Stripe Checkout the member came back from, recorded before its webhooks come. */
export function useConfirmMembershipCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkout: string) => call('POST /api/memberships/confirm', { body: { checkout } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['memberships', 'mine'] }),
  });
}

/** POST /api/memberships/{id}/card: a new test card (a past-due renewal charged to it at once), or Stripe's page for one (`checkoutUrl`). */
export function useMembershipCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, card }: { id: string; card: CardForm | undefined }) => call('POST /api/memberships/:id/card', { params: { id }, body: card ? { card } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberships', 'mine'] }),
  });
}

type Action = { id: string } & ({ action: 'cancel' } | { action: 'resume' } | { action: 'tier'; versionId: string });

/** Cancel, resume or change tier of one of my memberships. */
export function useMembershipAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Action) =>
      input.action === 'cancel'
        ? call('POST /api/memberships/:id/cancel', { params: { id: input.id } })
        : input.action === 'resume'
          ? call('POST /api/memberships/:id/resume', { params: { id: input.id } })
          : call('POST /api/memberships/:id/tier', { params: { id: input.id }, body: { versionId: input.versionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberships', 'mine'] }),
  });
}

/** GET /api/memberships/members: the creator's members, MRR and churn. */
export const useMembers = () => useQuery({ queryKey: ['memberships', 'members'], queryFn: () => call('GET /api/memberships/members') });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/** POST /api/payouts/account/test-onboarding: the test provider's account gets its details and takes transfers at once. */
export const completeTestOnboarding = () => call('POST /api/payouts/account/test-onboarding');

export function useCompleteTestOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTestOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

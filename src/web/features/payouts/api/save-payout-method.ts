import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod } from '#shared/payouts.ts';
import { call } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/** PUT /api/payouts/method: a PayPal e-mail or a bank account (decision 034); 400 with the first bad field's message. */
export const savePayoutMethod = (method: PayoutMethod) => call('PUT /api/payouts/method', { body: method });

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

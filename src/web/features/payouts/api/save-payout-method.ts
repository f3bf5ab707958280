import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod } from '#shared/payouts.ts';
import { api } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/** PUT /api/payouts/method: PayPal e-mail or bank account id; 400 'Invalid Email: …' for a bad e-mail. */
export const savePayoutMethod = (method: PayoutMethod): Promise<{ method: PayoutMethod }> =>
  api('/api/payouts/method', { method: 'PUT', body: method });

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

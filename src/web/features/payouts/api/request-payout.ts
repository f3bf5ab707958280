import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY, type Payout } from './types.ts';

/**
 * POST /api/payouts with an Idempotency-Key: the whole available balance as a processing payout.
 * The same key again answers the same payout, so a retry after a lost answer makes no second one.
 */
export const requestPayout = (idempotencyKey: string): Promise<{ payout: Payout; balanceCents: number }> =>
  api('/api/payouts', { method: 'POST', body: {}, headers: { 'Idempotency-Key': idempotencyKey } });

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

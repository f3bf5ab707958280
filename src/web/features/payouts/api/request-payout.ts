import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { PAYOUTS_QUERY_KEY } from './types.ts';

/**
 * POST /api/payouts with an Idempotency-Key: `amountCents` of the available balance as a processing
 * payout. The same key again answers the same payout, so a retry after a lost answer makes no second one.
 */
export const requestPayout = ({ idempotencyKey, amountCents }: { idempotencyKey: string; amountCents: number }) =>
  call('POST /api/payouts', { body: { amountCents }, headers: { 'Idempotency-Key': idempotencyKey } });

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY_KEY }),
  });
}

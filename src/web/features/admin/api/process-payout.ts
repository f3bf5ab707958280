import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { ADMIN_TRANSACTIONS_KEY } from './types.ts';

export type PayoutAction = 'complete' | 'fail';

/** POST /api/admin/payouts/{id}/complete|fail: a processing payout becomes completed or failed (409 once processed). */
export const processPayout = ({ id, action }: { id: string; action: PayoutAction }) =>
  call(action === 'complete' ? 'POST /api/admin/payouts/:id/complete' : 'POST /api/admin/payouts/:id/fail', { params: { id }, body: {} });

export function useProcessPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_TRANSACTIONS_KEY }),
  });
}

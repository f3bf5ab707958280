import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

/** POST /api/admin/users/{id}/balance-adjustments: a credit (positive) or debit of the user's balance, with the reason they see. */
export const adjustBalance = ({ id, amountCents, reason }: { id: string; amountCents: number; reason: string }) =>
  call('POST /api/admin/users/:id/balance-adjustments', { params: { id }, body: { amountCents, reason } });

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
  });
}

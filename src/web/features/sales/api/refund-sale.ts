import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_SALES_QUERY_KEY } from './types.ts';

/**
 * POST /api/sales/{id}/refund: the sale's creator (or an admin) refunds `amountCents` of what is left;
 * the refund that leaves nothing stops the buyer's download.
 */
export const refundSale = ({ id, amountCents }: { id: string; amountCents: number }) =>
  call('POST /api/sales/:id/refund', { params: { id }, body: { amountCents } });

export function useRefundSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSale,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_SALES_QUERY_KEY }),
  });
}

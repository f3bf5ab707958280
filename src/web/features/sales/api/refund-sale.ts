import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { MY_SALES_QUERY_KEY, type CreatorSale } from './types.ts';

/** POST /api/sales/{id}/refund: the sale's creator (or an admin) refunds it; the buyer loses the download. */
export const refundSale = (id: string) => api<{ sale: CreatorSale }>(`/api/sales/${encodeURIComponent(id)}/refund`, { method: 'POST', body: {} });

export function useRefundSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSale,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_SALES_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { discountsQueryOptions } from './get-discounts.ts';

/** DELETE /api/discounts/{id}: 204; sales made with it keep its name. */
export const deleteDiscount = (id: string) => call('DELETE /api/discounts/:id', { params: { id } });

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountsQueryOptions().queryKey }),
  });
}

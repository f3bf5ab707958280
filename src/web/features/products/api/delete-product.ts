import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** DELETE /api/products/{id}: 204; the product's file and images go with it. */
export const deleteProduct = (id: string) => call('DELETE /api/products/:id', { params: { id } });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }),
  });
}

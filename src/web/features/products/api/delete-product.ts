import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** DELETE /api/products/{id}: 204; the product's file and images go with it. */
export const deleteProduct = (id: string): Promise<unknown> => api(`/api/products/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }),
  });
}

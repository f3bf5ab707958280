import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { getProductQueryOptions, type ProductDetails } from './get-store-product.ts';

/** POST /api/products/{id}/views: counts once per visitor and day, never for the owner. */
export const recordProductView = (id: string): Promise<{ views: number; counted: boolean }> =>
  api(`/api/products/${encodeURIComponent(id)}/views`, { method: 'POST', body: {} });

export function useRecordProductView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProductView,
    onSuccess: ({ views }, id) => {
      queryClient.setQueryData<ProductDetails>(getProductQueryOptions(id).queryKey, (product) => (product ? { ...product, views } : product));
    },
  });
}

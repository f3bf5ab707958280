import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getProductQueryOptions, type ProductDetails } from './get-store-product.ts';

/**
 * POST /api/products/{id}/views: counts once per visitor and day, never for the owner; with the page the
 * visitor came from (its host is the view's referrer domain in Analytics).
 */
export const recordProductView = (id: string) =>
  call('POST /api/products/:id/views', { params: { id }, body: document.referrer ? { referrer: document.referrer.slice(0, 2048) } : {} });

export function useRecordProductView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProductView,
    onSuccess: ({ views }, id) => {
      // Only the creator and admins get the count back.
      if (views === null) return;
      queryClient.setQueryData<ProductDetails>(getProductQueryOptions(id).queryKey, (product) => (product ? { ...product, views } : product));
    },
  });
}

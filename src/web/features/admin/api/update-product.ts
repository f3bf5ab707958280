import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

export type ProductChange = { id: string; kind: 'hide' | 'show' | 'remove' };

/** POST /api/admin/products/{id}/hide or /show, or DELETE /api/admin/products/{id} (the product and its files go; sales stay). */
export async function updateProduct({ id, kind }: ProductChange) {
  if (kind === 'remove') return call('DELETE /api/admin/products/:id', { params: { id } });
  return call(kind === 'hide' ? 'POST /api/admin/products/:id/hide' : 'POST /api/admin/products/:id/show', { params: { id }, body: {} });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('products') });
      void queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminListKey } from './admin-lists.ts';

export type ProductChange = { id: string; kind: 'hide' | 'show' | 'remove' };

/** POST /api/admin/products/{id}/hide or /show, or DELETE /api/admin/products/{id} (the product and its files go; sales stay). */
export function updateProduct({ id, kind }: ProductChange): Promise<unknown> {
  const path = `/api/admin/products/${encodeURIComponent(id)}`;
  return kind === 'remove' ? api(path, { method: 'DELETE' }) : api(`${path}/${kind}`, { method: 'POST', body: {} });
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

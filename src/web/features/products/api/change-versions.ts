import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** DELETE /api/products/{id}/versions/{versionId}: off sale (archived); its buyers keep their file. */
export const removeVersion = ({ productId, versionId }: { productId: string; versionId: string }) =>
  call('DELETE /api/products/:id/versions/:versionId', { params: { id: productId, versionId } });

/** PUT /api/products/{id}/versions/order: every active version once, in the new order. */
export const reorderVersions = ({ productId, ids }: { productId: string; ids: string[] }) =>
  call('PUT /api/products/:id/versions/order', { params: { id: productId }, body: { ids } });

export function useRemoveVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeVersion, onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }) });
}

export function useReorderVersions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reorderVersions, onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }) });
}

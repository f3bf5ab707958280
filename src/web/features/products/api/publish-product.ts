import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY, type OwnProduct } from './types.ts';

/** POST /api/products/{id}/publish or /unpublish: a draft goes on sale, or a product back to draft (past buyers keep it). */
export async function setProductPublished({ id, published }: { id: string; published: boolean }): Promise<OwnProduct> {
  const { product } = await call(published ? 'POST /api/products/:id/publish' : 'POST /api/products/:id/unpublish', { params: { id } });
  return product;
}

export function useSetProductPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductPublished,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_PRODUCTS_QUERY_KEY }),
  });
}

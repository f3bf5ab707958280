import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { serverCartQueryOptions } from './get-cart.ts';

/** DELETE /api/cart/items/{productId}. */
export const removeFromCart = (productId: string) => call('DELETE /api/cart/items/:productId', { params: { productId } });

export function useRemoveFromServerCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryOptions().queryKey, cart),
  });
}

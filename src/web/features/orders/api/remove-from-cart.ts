import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { serverCartQueryOptions } from './get-cart.ts';
import type { CartContents } from './types.ts';

/** DELETE /api/cart/items/{productId}. */
export const removeFromCart = (productId: string) =>
  api<CartContents>(`/api/cart/items/${encodeURIComponent(productId)}`, { method: 'DELETE' });

export function useRemoveFromServerCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryOptions().queryKey, cart),
  });
}

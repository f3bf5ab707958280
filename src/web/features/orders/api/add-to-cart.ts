import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { serverCartQueryOptions } from './get-cart.ts';
import type { CartContents } from './types.ts';

/** PUT /api/cart/items/{productId}: adds a product to the signed-in buyer's cart (once). */
export const addToCart = (productId: string) => api<CartContents>(`/api/cart/items/${encodeURIComponent(productId)}`, { method: 'PUT' });

export function useAddToServerCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryOptions().queryKey, cart),
  });
}

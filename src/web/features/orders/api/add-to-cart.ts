import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { serverCartQueryOptions } from './get-cart.ts';

/** PUT /api/cart/items/{productId}: adds a product to the signed-in buyer's cart (once). */
export const addToCart = (productId: string) => call('PUT /api/cart/items/:productId', { params: { productId } });

export function useAddToServerCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryOptions().queryKey, cart),
  });
}

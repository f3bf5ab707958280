import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { CART_QUERY_KEY } from './types.ts';

/** GET /api/cart: the signed-in buyer's cart. */
export const getServerCart = (signal?: AbortSignal) => call('GET /api/cart', { signal });

/** POST /api/cart/quote: a guest cart's current prices; `unavailable` ids can no longer be bought. */
export const quoteCart = (productIds: string[], signal?: AbortSignal) =>
  call('POST /api/cart/quote', { body: { productIds }, signal });

export const serverCartQueryOptions = () => queryOptions({ queryKey: [...CART_QUERY_KEY, 'server'], queryFn: ({ signal }) => getServerCart(signal) });

export const guestCartQueryOptions = (productIds: string[]) =>
  queryOptions({ queryKey: [...CART_QUERY_KEY, 'guest', productIds], queryFn: ({ signal }) => quoteCart(productIds, signal) });

export function useServerCart(enabled: boolean) {
  return useQuery({ ...serverCartQueryOptions(), enabled });
}

export function useGuestCartQuote(productIds: string[], enabled: boolean) {
  return useQuery({ ...guestCartQueryOptions(productIds), enabled: enabled && productIds.length > 0, placeholderData: keepPreviousData });
}

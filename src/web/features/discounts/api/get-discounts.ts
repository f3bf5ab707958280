import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

/** GET /api/discounts: my discount codes, newest first, with their uses. */
export const discountsQueryOptions = () => queryOptions({ queryKey: ['discounts'], queryFn: () => call('GET /api/discounts') });

export function useDiscounts() {
  return useQuery(discountsQueryOptions());
}

/** GET /api/my/products: the products a code may be for. */
export function useMyProducts() {
  return useQuery({ queryKey: ['discounts', 'my-products'], queryFn: () => call('GET /api/my/products') });
}

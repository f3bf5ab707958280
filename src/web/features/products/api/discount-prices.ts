import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CART_MAX_ITEMS } from '#shared/orders.ts';
import { call } from '#web/lib/api.ts';
import { useDiscountCode } from '#web/lib/discount-code.ts';

/**
 * What the buyer's remembered discount code (`?code=`) takes off each of these products, for the
 * prices on cards and the product page: one quote for the lot. A code that does not apply shows nothing.
 */
export function useDiscountPrices(productIds: string[]): { code: string | null; discountOf: (productId: string) => number } {
  const code = useDiscountCode();
  const ids = productIds.slice(0, CART_MAX_ITEMS);
  const { data } = useQuery({
    queryKey: ['discount-quote', code, ids],
    queryFn: () => call('POST /api/discounts/quote', { body: { code: code!, productIds: ids } }),
    enabled: Boolean(code) && ids.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const off = new Map(data && code && data.code.toUpperCase() === code.toUpperCase() ? data.lines.map((line) => [line.productId, line.discountCents]) : []);
  return { code: data?.code ?? code, discountOf: (productId) => off.get(productId) ?? 0 };
}

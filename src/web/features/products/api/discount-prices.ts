import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChosenVersion, NamedPrice } from '#shared/orders-forms.ts';
import { CART_MAX_ITEMS } from '#shared/orders.ts';
import { call } from '#web/lib/api.ts';
import { useDiscountCode } from '#web/lib/discount-code.ts';

/**
 * What the buyer's remembered discount code (`?code=`) takes off each of these products, for the
 * prices on cards and the product page: one quote for the lot, at the version and amount the buyer
 * chose on the product page (a minimum order may depend on them). A code that does not apply shows nothing.
 */
export function useDiscountPrices(
  productIds: string[],
  chosen: { versions?: ChosenVersion[]; prices?: NamedPrice[] } = {},
): { code: string | null; discountOf: (productId: string) => number } {
  const code = useDiscountCode();
  const ids = productIds.slice(0, CART_MAX_ITEMS);
  const { versions = [], prices = [] } = chosen;
  const { data } = useQuery({
    queryKey: ['discount-quote', code, ids, versions, prices],
    queryFn: () => call('POST /api/discounts/quote', { body: { code: code!, productIds: ids, versions, prices } }),
    enabled: Boolean(code) && ids.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const off = new Map(data && code && data.code.toUpperCase() === code.toUpperCase() ? data.lines.map((line) => [line.productId, line.discountCents]) : []);
  return { code: data?.code ?? code, discountOf: (productId) => off.get(productId) ?? 0 };
}

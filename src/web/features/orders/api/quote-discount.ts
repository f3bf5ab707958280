import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChosenVersion, NamedPrice } from '#shared/orders-forms.ts';
import { call } from '#web/lib/api.ts';

/** POST /api/discounts/quote: what a code takes off these products (on sale), before checkout. */
export const quoteDiscount = (code: string, productIds: string[], prices: NamedPrice[], versions: ChosenVersion[]) =>
  call('POST /api/discounts/quote', { body: { code, productIds, ...(prices.length ? { prices } : {}), ...(versions.length ? { versions } : {}) } });

/** The quote of the remembered code for the cart's products; none without a code. A refusal is the query's error. */
export function useDiscountQuote(code: string | null, productIds: string[], prices: NamedPrice[] = [], versions: ChosenVersion[] = []) {
  return useQuery({
    queryKey: ['discount-quote', code, productIds, prices, versions],
    queryFn: () => quoteDiscount(code!, productIds, prices, versions),
    enabled: Boolean(code) && productIds.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuoteInput } from '#shared/orders-forms.ts';
import { call } from '#web/lib/api.ts';

/** POST /api/checkout/quote: Buy now's price (version, amount named, code, tax), priced as the order will be. */
export const quoteCheckout = (body: CheckoutQuoteInput, signal?: AbortSignal) => call('POST /api/checkout/quote', { body, signal });

/** The quote for `body`, asked again as the buyer changes it; the last one stays shown meanwhile. */
export function useCheckoutQuote(body: CheckoutQuoteInput, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout-quote', body] as const,
    queryFn: ({ signal }) => quoteCheckout(body, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

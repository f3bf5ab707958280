import { useDiscountCode } from '#web/lib/discount-code.ts';
import { useDiscountQuote } from '../api/quote-discount.ts';
import { chosenVersionsOf, namedPricesOf, type PricedLine } from './cart-lines.ts';

/**
 * The remembered discount code on these cart lines (priced as the buyer pays them): what it takes off each line and in all (nothing
 * while it is checked or when it is refused; `error` says why). The server prices it again at checkout.
 */
export function useCartDiscount(items: PricedLine[]) {
  const code = useDiscountCode();
  const quote = useDiscountQuote(
    code,
    items.map((item) => item.id),
    namedPricesOf(items),
    chosenVersionsOf(items),
  );
  // A previous code's quote may still show while the new one is checked.
  const current = code && quote.data && !quote.isError && quote.data.code.toUpperCase() === code.trim().toUpperCase() ? quote.data : undefined;
  const off = new Map(current?.lines.map((line) => [line.productId, line.discountCents]));
  return {
    code,
    applied: current,
    error: code && quote.isError ? quote.error : undefined,
    checking: Boolean(code) && quote.isFetching,
    discountOf: (productId: string) => off.get(productId) ?? 0,
    discountCents: current?.discountCents ?? 0,
  };
}
export type CartDiscount = ReturnType<typeof useCartDiscount>;

import { useSyncExternalStore } from 'react';
import type { NamedPrice } from '#shared/orders-forms.ts';
import { paidPriceCents } from '#shared/products.ts';
import type { CartItem } from '../api/types.ts';

/**
 * Pay what you want: the amount the buyer named for a product, in cents, by product id. Kept in this
 * browser (like the cart of a guest); checkout sends it and the server checks it against the minimum.
 */
export type PriceChoices = Record<string, number>;

const KEY = 'zerri.cart.prices';
const listeners = new Set<() => void>();
let current: PriceChoices = read();

function read(): PriceChoices {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).filter(([, cents]) => Number.isSafeInteger(cents) && (cents as number) >= 0)) as PriceChoices;
  } catch {
    return {};
  }
}

function write(next: PriceChoices) {
  current = next;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage off: the amount lives until the page reloads.
  }
  for (const listener of listeners) listener();
}

export const priceChoices = {
  set: (productId: string, cents: number) => write({ ...current, [productId]: cents }),
  get: (productId: string): number | undefined => current[productId],
};

export function usePriceChoices(): PriceChoices {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

/** What the buyer pays for a line: its price, or the amount named (under the minimum: the minimum, which checkout refuses). */
export const linePriceCents = (item: CartItem, choices: PriceChoices): number => paidPriceCents(item, choices[item.id]) ?? item.priceCents;

/** The cart's lines priced as the buyer pays them. */
export const pricedLines = (items: CartItem[], choices: PriceChoices): CartItem[] => items.map((item) => ({ ...item, priceCents: linePriceCents(item, choices) }));

/** Checkout's `prices`: the pay-what-you-want lines of a priced cart at the amounts shown, so the charge is what the buyer saw. */
export const namedPricesOf = (pricedItems: CartItem[]): NamedPrice[] =>
  pricedItems.flatMap((item) => (item.payWhatYouWant ? [{ productId: item.id, amountCents: item.priceCents }] : []));

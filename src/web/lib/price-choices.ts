import { useSyncExternalStore } from 'react';

// The buyer's choices on a product page, kept in this browser (like the cart of a guest) until
// checkout sends them: the product page, its Add to Cart and the cart all read the same stores.

/**
 * Pay what you want: the amount the buyer named for a product, in cents, by product id. Kept in this
 * browser (like the cart of a guest); checkout sends it and the server checks it against the minimum.
 */
export type PriceChoices = Record<string, number>;
/** Product versions: the version the buyer picked, by product id; checkout sends it as `versions`. */
export type VersionChoices = Record<string, string>;

/** A choice per product kept in localStorage, read by components as an external store. */
function choiceStore<Value>(key: string, valid: (value: unknown) => value is Value) {
  const listeners = new Set<() => void>();
  const read = (): Record<string, Value> => {
    try {
      const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? '{}');
      if (!stored || typeof stored !== 'object') return {};
      return Object.fromEntries(Object.entries(stored).filter(([, value]) => valid(value))) as Record<string, Value>;
    } catch {
      return {};
    }
  };
  let current = read();
  const write = (next: Record<string, Value>) => {
    current = next;
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage off: the choice lives until the page reloads.
    }
    for (const listener of listeners) listener();
  };
  return {
    set: (productId: string, value: Value) => write({ ...current, [productId]: value }),
    get: (productId: string): Value | undefined => current[productId],
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    snapshot: () => current,
  };
}

const prices = choiceStore('zerri.cart.prices', (cents): cents is number => Number.isSafeInteger(cents) && (cents as number) >= 0);
const versions = choiceStore('zerri.cart.versions', (id): id is string => typeof id === 'string' && id.length <= 64);

export const priceChoices = { set: prices.set, get: prices.get };
export const versionChoices = { set: versions.set, get: versions.get };

export const usePriceChoices = (): PriceChoices => useSyncExternalStore(prices.subscribe, prices.snapshot, prices.snapshot);
export const useVersionChoices = (): VersionChoices => useSyncExternalStore(versions.subscribe, versions.snapshot, versions.snapshot);

/** A product's version: the one picked if it is still on sale, else the first (what the product page starts with). */
export function chosenVersion<Version extends { id: string }>(product: { id: string; versions?: Version[] }, chosen: VersionChoices): Version | undefined {
  const list = product.versions ?? [];
  return list.find((version) => version.id === chosen[product.id]) ?? list[0];
}

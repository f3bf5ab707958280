import { useSyncExternalStore } from 'react';
import type { ChosenVersion, NamedPrice } from '#shared/orders-forms.ts';
import { paidPriceCents } from '#shared/products.ts';
import { versionPricing } from '#shared/products-versions.ts';
import type { CartItem } from '../api/types.ts';

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

/** What a line starts from: its chosen version's price (the minimum with pay what you want), else its own. */
export function lineMinimumCents(item: CartItem, chosen: VersionChoices): number {
  return chosenVersion(item, chosen)?.priceCents ?? item.priceCents;
}

/** A cart line priced as the buyer pays it, with the version they picked. */
export type PricedLine = CartItem & { version?: CartItem['versions'][number] };

/** What the buyer pays for a line: its (version's) price, or the amount named (under the minimum: the minimum, which checkout refuses). */
export function linePriceCents(item: CartItem, choices: PriceChoices, chosen: VersionChoices = {}): number {
  const version = chosenVersion(item, chosen);
  const pricing = version ? versionPricing(item, version) : item;
  return paidPriceCents(pricing, choices[item.id]) ?? pricing.priceCents;
}

/** The cart's lines priced as the buyer pays them, each with its chosen version. */
export const pricedLines = (items: CartItem[], choices: PriceChoices, chosen: VersionChoices = {}): PricedLine[] =>
  items.map((item) => {
    const version = chosenVersion(item, chosen);
    return { ...item, priceCents: linePriceCents(item, choices, chosen), ...(version ? { version } : {}) };
  });

/** Checkout's `prices`: the pay-what-you-want lines of a priced cart at the amounts shown, so the charge is what the buyer saw. */
export const namedPricesOf = (pricedItems: CartItem[]): NamedPrice[] =>
  pricedItems.flatMap((item) => (item.payWhatYouWant ? [{ productId: item.id, amountCents: item.priceCents }] : []));

/** Checkout's `versions`: the version shown on each line that has one. */
export const chosenVersionsOf = (pricedItems: PricedLine[]): ChosenVersion[] =>
  pricedItems.flatMap((item) => (item.version ? [{ productId: item.id, versionId: item.version.id }] : []));

import type { ChosenVersion, NamedPrice } from '#shared/orders-forms.ts';
import { paidPriceCents, versionPricing } from '#shared/products.ts';
import { chosenVersion, type PriceChoices, type VersionChoices } from '#web/lib/price-choices.ts';
import type { CartItem } from '../api/types.ts';

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

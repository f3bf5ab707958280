// Discount codes (issue #21): a creator's codes take a percentage or a fixed amount off their
// products at checkout. The rules here price a cart; the server also counts uses under a lock.
import { type Currency, formatMoney } from './money.ts';

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const DISCOUNT_CODES_MAX = 100;
/** A fixed amount off each product: at most the highest price a product may have. */
export const DISCOUNT_FIXED_MAX_CENTS = 100_000_000;
export const DISCOUNT_USES_MAX = 1_000_000;
/**
 * How long an unpaid checkout holds its use of a code: its order counts as a use while it is paid, or
 * pending for at most this long (with Stripe: until its session, which then expires this soon, ends).
 */
export const DISCOUNT_HOLD_MINUTES = 30;

export const DISCOUNT_MESSAGES = {
  codeInvalid: 'A code has 3 to 32 letters, digits, dashes or underscores.',
  codeTaken: 'You already have a discount code with this name.',
  percentInvalid: 'A percentage is a whole number from 1 to 100.',
  amountInvalid: 'Enter an amount greater than zero.',
  usesInvalid: 'Enter a number of uses of at least 1.',
  minimumInvalid: 'Enter a minimum order of zero or more.',
  datesInvalid: 'The end date must be after the start date.',
  productsInvalid: 'Pick products from your own store.',
  tooMany: `You can have at most ${DISCOUNT_CODES_MAX} discount codes.`,
  notFound: 'Discount code not found.',
  // What a buyer may hear at checkout.
  unknown: 'This discount code does not exist.',
  notStarted: 'This discount code is not active yet.',
  expired: 'This discount code has expired.',
  usedUp: 'This discount code has been used up.',
  notForProducts: 'This discount code is not for these products.',
  minimumNotMet: (minimum: string) => `This discount code needs an order of at least ${minimum}.`,
  alreadyUsed: 'This discount code has already been used with this e-mail address.',
  tooManyTries: (seconds: number) => `Too many discount codes tried. Please wait ${seconds} seconds and try again.`,
} as const;

/** The codes of the answers a buyer may get for a code, each with its message. */
export const DISCOUNT_REFUSALS = {
  discount_unknown: DISCOUNT_MESSAGES.unknown,
  discount_not_started: DISCOUNT_MESSAGES.notStarted,
  discount_expired: DISCOUNT_MESSAGES.expired,
  discount_used_up: DISCOUNT_MESSAGES.usedUp,
  discount_not_for_products: DISCOUNT_MESSAGES.notForProducts,
  discount_minimum_not_met: DISCOUNT_MESSAGES.minimumNotMet,
  discount_already_used: DISCOUNT_MESSAGES.alreadyUsed,
} as const;
export type DiscountRefusal = keyof typeof DISCOUNT_REFUSALS;

/** Codes compare without case: `summer20` is `SUMMER20`. */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

/** What a code takes off, as the checkout needs it. */
export interface DiscountRule {
  creatorId: string;
  kind: DiscountKind;
  /** A percentage (1–100) or an amount in cents. */
  amount: number;
  /** Empty: every product of the creator. */
  productIds: readonly string[];
  minOrderCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface PricedLine {
  id: string;
  priceCents: number;
  /** The creator's store currency: a fixed amount and the minimum order are in it. */
  currency?: Currency;
  creatorId: string;
}

/** The cents a rule takes off one line: a percentage rounded to the cent, a fixed amount at most the price. */
export function lineDiscountCents(rule: Pick<DiscountRule, 'kind' | 'amount'>, priceCents: number): number {
  if (rule.kind === 'percent') return Math.min(priceCents, Math.round((priceCents * rule.amount) / 100));
  return Math.min(priceCents, rule.amount);
}

export const appliesTo = (rule: Pick<DiscountRule, 'creatorId' | 'productIds'>, line: Pick<PricedLine, 'id' | 'creatorId'>) =>
  line.creatorId === rule.creatorId && (rule.productIds.length === 0 || rule.productIds.includes(line.id));

export type DiscountPricing =
  | { ok: true; lines: { productId: string; discountCents: number }[]; discountCents: number }
  | { ok: false; code: DiscountRefusal; params?: Record<string, string> };

/**
 * Prices `lines` with `rule` at `now`: the dates, then the products it is for, then the minimum
 * order (the creator's lines it applies to, before the discount). Uses are counted by the server.
 */
export function priceWithDiscount(rule: DiscountRule, lines: readonly PricedLine[], now = new Date()): DiscountPricing {
  if (rule.startsAt && now < rule.startsAt) return { ok: false, code: 'discount_not_started' };
  if (rule.endsAt && now >= rule.endsAt) return { ok: false, code: 'discount_expired' };
  const eligible = lines.filter((line) => appliesTo(rule, line));
  if (!eligible.length) return { ok: false, code: 'discount_not_for_products' };
  const subtotal = eligible.reduce((sum, line) => sum + line.priceCents, 0);
  if (rule.minOrderCents && subtotal < rule.minOrderCents) {
    return { ok: false, code: 'discount_minimum_not_met', params: { minimum: formatMoney(rule.minOrderCents, undefined, eligible[0]!.currency) } };
  }
  const priced = eligible.map((line) => ({ productId: line.id, discountCents: lineDiscountCents(rule, line.priceCents) }));
  return { ok: true, lines: priced, discountCents: priced.reduce((sum, line) => sum + line.discountCents, 0) };
}

/** The English message of a refusal, with its values. */
export function discountRefusalMessage(code: DiscountRefusal, params: Record<string, string> = {}): string {
  const message = DISCOUNT_REFUSALS[code];
  return typeof message === 'function' ? message(params.minimum ?? '') : message;
}


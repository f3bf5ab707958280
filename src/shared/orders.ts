/** Cart, checkout, sales and reviews: the rules both sides use (SPEC §2 overviews, §3 sale, §9 plans). */


export const ORDER_MESSAGES = {
  cardDeclined: 'Your card was declined.',
  cardNumberInvalid: 'Your card number is not valid. Please check it and try again.',
  cardExpiryInvalid: 'Enter the expiry date as MM/YY.',
  cardExpired: 'Your card has expired.',
  cardCvcInvalid: 'Your card’s security code (CVC) must have 3 or 4 digits.',
  emailInvalid: 'Please enter a valid email address.',
  cartEmpty: 'Your cart is empty.',
  /** A cart holds products priced in one currency (src/shared/money.ts). */
  currencyMixed: 'Your cart can hold products in one currency at a time. Check out or remove the items in the other currency first.',
  productUnavailable: 'One of the products in your cart is no longer available.',
  orderNotFound: 'Order not found.',
  orderNotPending: 'This order can no longer be paid.',
  notCardOrder: 'This order is paid on the payment provider’s page, not with a card here.',
  downloadExpired: 'This download link has expired. Open your library to get a new one.',
  downloadInvalid: 'This download link is not valid.',
  downloadRefunded: 'This purchase was refunded, so it can no longer be downloaded.',
  fileMissing: 'The product file is no longer available.',
  productWithdrawn: 'This product has been withdrawn from sale, so it can no longer be downloaded.',
  emailNotConfirmed: 'Confirm your e-mail address to see your purchases.',
  receiptNotFound: 'This receipt link is not valid. Ask for your receipt again from the library page.',
  /** The thank-you moment is over: the receipt is opened from its mail from then on. */
  receiptLinkExpired: 'Open your receipt from the e-mail we sent you.',
  buyerNameTooLong: 'Keep the name under 120 characters.',
  buyerAddressTooLong: 'Keep the address under 500 characters.',
  cartFull: (max: number) => `A cart holds at most ${max} products.`,
  /** A signed-in buyer's second purchase of a product (names joined by ", "); a gift is allowed. */
  /** Pay what you want: the amount named for `product` is under its minimum. */
  priceBelowMinimum: (minimum: string, product: string) => `Please pay at least ${minimum} for ${product}.`,
  alreadyOwned: (products: string) => `You already own ${products}. To buy it again, mark it as a gift and enter the recipient’s e-mail.`,
} as const;

/** What an order pays for: a cart checkout or an invoice (SPEC §3). */
export const ORDER_KINDS = ['products', 'invoice'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
/** Who took an order's payment; 'none' for a free order made while no payment provider is set up. */
export const ORDER_PROVIDERS = ['test', 'stripe', 'none'] as const;

/**
 * The test provider's well-known cards (Stripe's numbers). `declinesLater` is taken at checkout and
 * declines every later charge (a membership's renewal), as Stripe's 4000 0000 0000 0341.
 */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002', declinesLater: '4000000000000341' } as const;

/** A test card a later charge (a renewal) is declined on. */
export const declinesLaterCharges = (number: string) => cardDigits(number) !== TEST_CARDS.success;

/** Signed download links live at most this long (SPEC: short-lived, within an hour). */
export const DOWNLOAD_LINK_TTL_SECONDS = 60 * 60;
export const CART_MAX_ITEMS = 50;
/** The pay-what-you-want amount's field on a product page, by name: the server's page and the app's field share it (decision 037). */
export const NAMED_PRICE_FIELD = 'named-price';

/**
 * Pay what you want on a product page: the least the buyer may name (the version's price, else the
 * product's) and where the amount starts (an amount named before if it still reaches the minimum, else
 * the suggested price, which belongs to a product without versions, else the minimum). The app's field
 * and the server's page start from the same figures.
 */
export function namedPriceStart(product: { priceCents?: number; suggestedPriceCents?: number | null }, version: { priceCents: number } | undefined, named?: number) {
  const minimumCents = version?.priceCents ?? product.priceCents ?? 0;
  const suggested = version ? null : product.suggestedPriceCents;
  return { minimumCents, startCents: named !== undefined && named >= minimumCents ? named : (suggested ?? minimumCents) };
}

export function cartTotalCents(items: readonly { priceCents: number }[]): number {
  return items.reduce((total, item) => total + item.priceCents, 0);
}

/** Digits only: "4242 4242-4242 4242" → "4242424242424242". */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardCheck = { ok: true; declined: boolean } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

/**
 * Checks a card as typed into the test provider's form: number (Luhn), expiry MM/YY not past,
 * CVC of 3–4 digits. A valid card is declined unless it is the success card or the one that declines later.
 */
export function checkTestCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardCheck {
  const digits = cardDigits(card.number);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, field: 'number', message: ORDER_MESSAGES.cardNumberInvalid };
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { ok: false, field: 'expiry', message: ORDER_MESSAGES.cardExpiryInvalid };
  const year = 2000 + Number(expiry[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, field: 'expiry', message: ORDER_MESSAGES.cardExpired };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, field: 'cvc', message: ORDER_MESSAGES.cardCvcInvalid };
  return { ok: true, declined: digits !== TEST_CARDS.success && digits !== TEST_CARDS.declinesLater };
}

/** "42424" → "4242 4" as the card number is typed. */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}


/**
 * The prefix of a store's order numbers, from its storefront slug: the letters and digits of its
 * first part, uppercased, at most 6 ("maya-patel" → "MAYA"); the whole slug's when that part is
 * shorter than 2. Taken at the store's first number and kept after (store_order_counters).
 */
export function orderNumberPrefix(slug: string): string {
  const clean = (value: string) => value.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const first = clean(slug.split(/[-_.]/)[0] ?? '');
  const prefix = (first.length >= 2 ? first : clean(slug)).slice(0, 6);
  return prefix.length >= 2 ? prefix : 'ORDER';
}

/** A store's order number as people read it: "MAYA-0001" (more digits from 10000 on). */
export const formatOrderNumber = (prefix: string, number: number) => `${prefix}-${String(number).padStart(4, '0')}`;

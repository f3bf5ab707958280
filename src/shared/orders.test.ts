import { describe, expect, it } from 'vitest';
import { cartTotalCents, checkTestCard, formatOrderNumber, ORDER_MESSAGES, formatCardNumber, orderNumberPrefix, namedPriceStart } from './orders.ts';
import { conversionRate, platformFeeCents } from './sales.ts';
import { formatMoney } from './money.ts';
import { ratingAverage, reviewSchema } from './products-reviews.ts';
import { PLANS } from './plans.ts';

describe('platform fee', () => {
  const free = PLANS.find((plan) => plan.id === 'free')!.platformFeeBps;
  const pro = PLANS.find((plan) => plan.id === 'pro')!.platformFeeBps;

  it('takes 1% on the Free plan, rounded to whole cents', () => {
    expect(platformFeeCents(1999, free)).toBe(20);
    expect(platformFeeCents(10_000, free)).toBe(100);
    expect(platformFeeCents(49, free)).toBe(0);
    expect(platformFeeCents(50, free)).toBe(1);
    expect(platformFeeCents(0, free)).toBe(0);
  });

  it('takes nothing on the paid plans', () => {
    expect(platformFeeCents(1999, pro)).toBe(0);
  });
});

describe('cart total', () => {
  it('adds the prices in cents', () => {
    expect(cartTotalCents([{ priceCents: 1999 }, { priceCents: 1 }, { priceCents: 500 }])).toBe(2500);
    expect(cartTotalCents([])).toBe(0);
  });
});

describe('rating average', () => {
  it('is the mean to one decimal, or null without reviews', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(5, 1)).toBe(5);
    expect(ratingAverage(14, 3)).toBe(4.7);
    expect(ratingAverage(7, 2)).toBe(3.5);
  });

  it('accepts ratings 1–5 only', () => {
    expect(reviewSchema.safeParse({ rating: 0 }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 6 }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 4.5 }).success).toBe(false);
    expect(reviewSchema.parse({ rating: 4, body: '  Great  ' })).toEqual({ rating: 4, body: 'Great' });
  });
});

describe('conversion', () => {
  it('is sales per view as a percentage', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(200, 3)).toBe(1.5);
    expect(conversionRate(3, 1)).toBe(33.3);
  });
});

describe('test cards', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const card = (number: string, expiry = '12/30', cvc = '123') => checkTestCard({ number, expiry, cvc }, now);

  it('accepts 4242 4242 4242 4242 and declines 4000 0000 0000 0002', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, declined: false });
    expect(card('4000 0000 0000 0002')).toEqual({ ok: true, declined: true });
  });

  it('refuses malformed numbers, expiries and CVCs with clear messages', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ ok: false, field: 'number', message: ORDER_MESSAGES.cardNumberInvalid });
    expect(card('abcd')).toMatchObject({ ok: false, field: 'number' });
    expect(card('4242424242424242', '13/30')).toMatchObject({ ok: false, field: 'expiry', message: ORDER_MESSAGES.cardExpiryInvalid });
    expect(card('4242424242424242', '10/26')).toMatchObject({ ok: false, field: 'expiry', message: ORDER_MESSAGES.cardExpired });
    expect(card('4242424242424242', '11/26')).toEqual({ ok: true, declined: false });
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ ok: false, field: 'cvc', message: ORDER_MESSAGES.cardCvcInvalid });
  });

  it('groups digits as typed', () => {
    expect(formatCardNumber('424242')).toBe('4242 42');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
  });
});

describe('money', () => {
  it('formats cents in the given language', () => {
    expect(formatMoney(1999)).toBe('$19.99');
    expect(formatMoney(1999, 'fr')).toMatch(/^19,99\s\$US$/);
  });
});

describe('store order numbers', () => {
  it('take a few letters and digits of the storefront slug, uppercased, as their prefix', () => {
    expect(orderNumberPrefix('maya-patel')).toBe('MAYA');
    expect(orderNumberPrefix('studio42-shop')).toBe('STUDIO');
    expect(orderNumberPrefix('a-b-c')).toBe('ABC');
    expect(orderNumberPrefix('x')).toBe('ORDER');
    expect(orderNumberPrefix('jose-lopez')).toBe('JOSE');
  });

  it('read MAYA-0001, with more digits past 9999', () => {
    expect(formatOrderNumber('MAYA', 1)).toBe('MAYA-0001');
    expect(formatOrderNumber('MAYA', 12345)).toBe('MAYA-12345');
  });
});

describe('where a price to name starts', () => {
  it('is the suggested price without versions, the version’s price with one, and an amount named before while it reaches the minimum', () => {
    const product = { priceCents: 500, suggestedPriceCents: 1200 };
    expect(namedPriceStart(product, undefined)).toEqual({ minimumCents: 500, startCents: 1200 });
    expect(namedPriceStart({ priceCents: 500, suggestedPriceCents: null }, undefined)).toEqual({ minimumCents: 500, startCents: 500 });
    expect(namedPriceStart(product, { priceCents: 2400 })).toEqual({ minimumCents: 2400, startCents: 2400 });
    expect(namedPriceStart(product, { priceCents: 2400 }, 3000)).toEqual({ minimumCents: 2400, startCents: 3000 });
    expect(namedPriceStart(product, { priceCents: 2400 }, 1500)).toEqual({ minimumCents: 2400, startCents: 2400 });
    expect(namedPriceStart({}, undefined, 0)).toEqual({ minimumCents: 0, startCents: 0 });
  });
});

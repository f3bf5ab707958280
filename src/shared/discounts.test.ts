import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineDiscountCents, normalizeDiscountCode, priceWithDiscount, type DiscountRule } from './discounts.ts';
import { discountFormSchema, discountInputOf, emptyDiscountForm } from './discounts-form.ts';

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  creatorId: 'c1',
  kind: 'percent',
  amount: 20,
  productIds: [],
  minOrderCents: null,
  startsAt: null,
  endsAt: null,
  ...over,
});

describe('priceWithDiscount', () => {
  const lines = [
    { id: 'a', priceCents: 1000, creatorId: 'c1' },
    { id: 'b', priceCents: 499, creatorId: 'c1' },
    { id: 'x', priceCents: 700, creatorId: 'c2' },
  ];

  it('takes the percentage off the creator’s lines, rounded to the cent', () => {
    expect(priceWithDiscount(rule({ amount: 25 }), lines)).toEqual({
      ok: true,
      lines: [
        { productId: 'a', discountCents: 250 },
        { productId: 'b', discountCents: 125 },
      ],
      discountCents: 375,
    });
  });

  it('checks dates, products and the minimum in that order', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(priceWithDiscount(rule({ startsAt: new Date('2026-06-02T00:00:00Z') }), lines, now)).toMatchObject({ ok: false, code: 'discount_not_started' });
    expect(priceWithDiscount(rule({ endsAt: now }), lines, now)).toMatchObject({ ok: false, code: 'discount_expired' });
    expect(priceWithDiscount(rule({ productIds: ['zzz'] }), lines, now)).toMatchObject({ ok: false, code: 'discount_not_for_products' });
    expect(priceWithDiscount(rule({ creatorId: 'c3' }), lines, now)).toMatchObject({ ok: false, code: 'discount_not_for_products' });
    // The minimum counts the lines the code is for (1000 + 499), not the other creator's.
    expect(priceWithDiscount(rule({ minOrderCents: 1500 }), lines, now)).toEqual({ ok: false, code: 'discount_minimum_not_met', params: { minimum: '$15.00' } });
    expect(priceWithDiscount(rule({ minOrderCents: 1499 }), lines, now)).toMatchObject({ ok: true });
  });

  it('never takes more than a line’s price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom('percent' as const, 'fixed' as const), fc.integer({ min: 1, max: 100_000_000 }), (price, kind, amount) => {
        const off = lineDiscountCents({ kind, amount: kind === 'percent' ? (amount % 100) + 1 : amount }, price);
        return Number.isInteger(off) && off >= 0 && off <= price;
      }),
    );
  });

  it('compares codes without case or spaces around them', () => {
    expect(normalizeDiscountCode(' summer-20 ')).toBe('SUMMER-20');
  });
});

describe('the discount form', () => {
  it('turns dollars, days and counts into the server’s body', () => {
    const form = discountFormSchema.parse({ ...emptyDiscountForm, code: 'SPRING', kind: 'fixed', value: '5.50', startsOn: '2026-03-01', endsOn: '2026-03-31', maxUses: '10', minOrder: '20' });
    // A creator two hours ahead of UTC (offset -120): their day starts at 22:00 UTC the day before.
    expect(discountInputOf(form, -120)).toEqual({
      code: 'SPRING',
      kind: 'fixed',
      amount: 550,
      productIds: [],
      startsAt: '2026-02-28T22:00:00.000Z',
      endsAt: '2026-03-31T22:00:00.000Z',
      maxUses: 10,
      oncePerEmail: false,
      minOrderCents: 2000,
    });
  });

  it('refuses a bad percentage, amount, count, minimum or dates with the shared messages', () => {
    const problems = (over: Partial<typeof emptyDiscountForm>) =>
      discountFormSchema.safeParse({ ...emptyDiscountForm, code: 'OK-CODE', value: '10', ...over }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(problems({})).toEqual([]);
    expect(problems({ value: '101' })).toEqual(['value: A percentage is a whole number from 1 to 100.']);
    expect(problems({ value: '2.5' })).toEqual(['value: A percentage is a whole number from 1 to 100.']);
    expect(problems({ kind: 'fixed', value: '0' })).toEqual(['value: Enter an amount greater than zero.']);
    expect(problems({ maxUses: '0' })).toEqual(['maxUses: Enter a number of uses of at least 1.']);
    expect(problems({ minOrder: 'ten' })).toEqual(['minOrder: Enter a minimum order of zero or more.']);
    expect(problems({ startsOn: '2026-03-02', endsOn: '2026-03-01' })).toEqual(['endsOn: The end date must be after the start date.']);
    expect(problems({ code: 'no spaces' })).toEqual(['code: A code has 3 to 32 letters, digits, dashes or underscores.']);
  });
});

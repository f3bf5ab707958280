import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptCommissionCents, saleFeeCents, saleKeptCents, saleNetCents } from './sales-money.ts';

describe('a sale through an affiliate (decision 028)', () => {
  it('leaves the creator what it keeps less the fee and the commission, both in proportion after a refund', () => {
    const sale = { amountCents: 2000, feeCents: 20, refundedCents: 0, commissionCents: 594 };
    expect([keptCommissionCents(sale), saleNetCents(sale)]).toEqual([594, 1386]);
    expect([keptCommissionCents({ ...sale, refundedCents: 1000 }), saleNetCents({ ...sale, refundedCents: 1000 })]).toEqual([297, 693]);
    expect([keptCommissionCents({ ...sale, refundedCents: 2000 }), saleNetCents({ ...sale, refundedCents: 2000 })]).toEqual([0, 0]);
  });
});

describe('a sale partly refunded (issue #21)', () => {
  const sale = { amountCents: 1250, feeCents: 13, refundedCents: 0 };

  it('keeps its amount less what went back, and pays the fee in proportion to what it keeps', () => {
    expect([saleKeptCents(sale), saleFeeCents(sale), saleNetCents(sale)]).toEqual([1250, 13, 1237]);
    // $5.00 back: it keeps $7.50, the fee round(13 × 750 / 1250) = round(7.8) = 8.
    const partly = { ...sale, refundedCents: 500 };
    expect([saleKeptCents(partly), saleFeeCents(partly), saleNetCents(partly)]).toEqual([750, 8, 742]);
    const whole = { ...sale, refundedCents: 1250 };
    expect([saleKeptCents(whole), saleFeeCents(whole), saleNetCents(whole)]).toEqual([0, 0, 0]);
    expect(saleFeeCents({ amountCents: 0, feeCents: 0, refundedCents: 0 })).toBe(0);
  });

  it('never gives the fee more than what is kept, nor less than nothing, and gives it all back with the whole amount', () => {
    const partlyRefunded = fc
      .record({ amountCents: fc.integer({ min: 1, max: 10_000_000 }), feeBps: fc.integer({ min: 0, max: 10_000 }), share: fc.double({ min: 0, max: 1, noNaN: true }) })
      .map(({ amountCents, feeBps, share }) => ({ amountCents, feeCents: Math.round((amountCents * feeBps) / 10_000), refundedCents: Math.floor(amountCents * share) }));
    fc.assert(
      fc.property(partlyRefunded, (partly) => {
        const fee = saleFeeCents(partly);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(Math.min(partly.feeCents, saleKeptCents(partly)));
        expect(saleNetCents(partly)).toBe(saleKeptCents(partly) - fee);
        expect(saleFeeCents({ ...partly, refundedCents: partly.amountCents })).toBe(0);
      }),
    );
  });
});

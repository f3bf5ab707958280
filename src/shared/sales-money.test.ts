import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableBalanceCents } from './payouts.ts';
import { addMoney, earningsCents, grossCents, NO_MONEY, revenueCents, type MoneySums } from './sales-money.ts';

// An $18 sale (1% fee), a $5 sale refunded, a $571.50 invoice paid on its page.
const sums: MoneySums = { salesCents: 1800 + 500, paidInvoicesCents: 57_150, refundsCents: 500, feesCents: 18 };

describe('money figures (issue #20)', () => {
  it('gross is what buyers and clients paid, refunds included', () => {
    expect(grossCents(sums)).toBe(59_450);
  });

  it('revenue is gross less refunds, before fees', () => {
    expect(revenueCents(sums)).toBe(58_950);
  });

  it('earnings are revenue less fees, and with no payouts the balance is the earnings', () => {
    expect(earningsCents(sums)).toBe(58_932);
    expect(availableBalanceCents({ earningsCents: earningsCents(sums), payoutsCents: 0 })).toBe(58_932);
  });

  it('adds up: the sums of two parts give the figures of the whole', () => {
    const sum = fc.record({ salesCents: fc.nat(), paidInvoicesCents: fc.nat(), refundsCents: fc.nat(), feesCents: fc.nat() });
    fc.assert(
      fc.property(sum, sum, (a, b) => {
        expect(earningsCents(addMoney(a, b))).toBe(earningsCents(a) + earningsCents(b));
        expect(revenueCents(addMoney(a, b))).toBe(revenueCents(a) + revenueCents(b));
      }),
    );
    expect(earningsCents(NO_MONEY)).toBe(0);
  });
});

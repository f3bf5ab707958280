import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustmentEntries, entriesBalance, invoicePaymentEntries, payoutEntries, refundEntries, saleEntries, type LedgerEntry, type LedgerSale } from './ledger.ts';
import { keptCommissionCents, saleFeeCents, saleNetCents } from './sales-money.ts';

const sum = (entries: LedgerEntry[], account: string, ownerId?: string | null) =>
  entries.filter((entry) => entry.account === account && (ownerId === undefined || entry.ownerId === ownerId)).reduce((total, entry) => total + entry.amountCents, 0);

const sale: LedgerSale = { amountCents: 1000, taxCents: 190, feeCents: 100, commissionCents: 100, creatorId: 'creator', affiliateId: 'affiliate' };

describe('a sale', () => {
  it('posts the buyer’s money at the provider, the tax owed, the fee, the commission and the creator’s rest (decision 035)', () => {
    expect(saleEntries(sale)).toEqual([
      { account: 'provider', ownerId: null, amountCents: 1190 },
      { account: 'tax_payable', ownerId: null, amountCents: -190 },
      { account: 'platform_fees', ownerId: null, amountCents: -100 },
      { account: 'balance', ownerId: 'affiliate', amountCents: -100 },
      { account: 'balance', ownerId: 'creator', amountCents: -800 },
    ]);
  });

  it('leaves out what is zero: a free product posts nothing', () => {
    expect(saleEntries({ ...sale, amountCents: 0, taxCents: 0, feeCents: 0, commissionCents: 0 })).toEqual([]);
    expect(saleEntries({ ...sale, taxCents: 0, commissionCents: 0, affiliateId: null }).map((entry) => entry.account)).toEqual(['provider', 'platform_fees', 'balance']);
  });
});

describe('refunds', () => {
  const refunds = fc
    .record({ amount: fc.integer({ min: 1, max: 100_000 }), feeBps: fc.integer({ min: 0, max: 1000 }), commissionPercent: fc.integer({ min: 0, max: 50 }), parts: fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 6 }) })
    .map(({ amount, feeBps, commissionPercent, parts }) => {
      const fee = Math.round((amount * feeBps) / 10_000);
      const commission = Math.min(amount - fee, Math.round((amount * commissionPercent) / 100));
      // Partial refunds that never give back more than the sale kept.
      const total = parts.reduce((a, b) => a + b, 0) || 1;
      let left = amount;
      const amounts = parts.map((part) => {
        const refund = Math.min(left, Math.floor((amount * part) / total));
        left -= refund;
        return refund;
      });
      return { sale: { ...sale, amountCents: amount, taxCents: 0, feeCents: fee, commissionCents: commission }, amounts };
    });

  it('after any partial refunds, each account holds what the money figures say the sale keeps, and every posting balances', () => {
    fc.assert(
      fc.property(refunds, ({ sale: sold, amounts }) => {
        const postings = [saleEntries(sold)];
        let refunded = 0;
        for (const amountCents of amounts) {
          postings.push(refundEntries(sold, refunded, { amountCents, taxCents: 0 }));
          refunded += amountCents;
        }
        for (const posting of postings) expect(entriesBalance(posting)).toBe(true);
        const all = postings.flat();
        const money = { amountCents: sold.amountCents, refundedCents: refunded, feeCents: sold.feeCents, commissionCents: sold.commissionCents };
        expect(sum(all, 'provider')).toBe(sold.amountCents - refunded);
        expect(0 - sum(all, 'platform_fees')).toBe(saleFeeCents(money));
        expect(0 - sum(all, 'balance', 'affiliate')).toBe(keptCommissionCents(money));
        expect(0 - sum(all, 'balance', 'creator')).toBe(saleNetCents(money));
      }),
    );
  });

  it('give the tax back with the part refunded', () => {
    const entries = refundEntries(sale, 0, { amountCents: 500, taxCents: 95 });
    expect(sum(entries, 'provider')).toBe(-595);
    expect(sum(entries, 'tax_payable')).toBe(95);
    expect(sum(entries, 'balance', 'creator')).toBe(400);
  });
});

describe('payouts and adjustments', () => {
  it('move a payout from the balance into transit, then out of the provider, or back to the balance when it fails', () => {
    const requested = payoutEntries('payout', 'creator', 700);
    expect(sum(requested, 'balance', 'creator')).toBe(700);
    expect(sum([...requested, ...payoutEntries('payout_completed', 'creator', 700)], 'payouts_in_transit')).toBe(0);
    expect(sum(payoutEntries('payout_completed', 'creator', 700), 'provider')).toBe(-700);
    expect(sum([...requested, ...payoutEntries('payout_failed', 'creator', 700)], 'balance', 'creator')).toBe(0);
  });

  it('credit an invoice wholly to its creator, and an adjustment to the user at the platform’s cost', () => {
    expect(sum(invoicePaymentEntries('creator', 2500), 'balance', 'creator')).toBe(-2500);
    const adjustment = adjustmentEntries('creator', 300);
    expect(sum(adjustment, 'balance', 'creator')).toBe(-300);
    expect(entriesBalance(adjustment)).toBe(true);
  });
});

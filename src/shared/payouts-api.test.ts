import { describe, expect, it } from 'vitest';
import { adminPayoutSchema, payoutsOverviewSchema } from './payouts-api.ts';

const payout = {
  id: '5f0c1a52-9a53-4a4c-9f6e-1d2b3c4d5e6f',
  amountCents: 12_500,
  currency: 'USD',
  method: { type: 'paypal', email: 'pat@paypal.test' },
  methodLabel: 'PayPal (pat@paypal.test)',
  status: 'processing',
  requestedAt: '2026-01-02T03:04:05.000Z',
  processedAt: null,
};

describe('payouts answers', () => {
  it('describe a creator’s overview, with no method yet', () => {
    expect(payoutsOverviewSchema.safeParse({ currency: 'USD', balanceCents: 0, testBalanceCents: 0, method: null, payouts: [payout], adjustments: [] }).success).toBe(true);
  });

  it('allow only the payout statuses and methods there are', () => {
    expect(payoutsOverviewSchema.safeParse({ currency: 'USD', balanceCents: 0, testBalanceCents: 0, method: null, payouts: [{ ...payout, status: 'pending' }], adjustments: [] }).success).toBe(false);
    expect(payoutsOverviewSchema.safeParse({ currency: 'USD', balanceCents: 0, testBalanceCents: 0, method: { type: 'cash' }, payouts: [] }).success).toBe(false);
  });

  it('keep every detail of each kind of bank method, and a legacy bank account id', () => {
    const overview = { currency: 'USD', balanceCents: 0, testBalanceCents: 0, payouts: [], adjustments: [] };
    for (const method of [
      { type: 'bank', holder: 'Pat', country: 'DE', iban: 'DE89370400440532013000' },
      { type: 'bank', holder: 'Pat', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' },
      { type: 'bank', holder: 'Pat', country: 'JP', accountNumber: '1234567', bic: 'MHCBJPJT' },
      { type: 'bank', holder: 'Pat', country: 'JP', accountNumber: '1234567' },
      { type: 'bank', accountId: '12-3456-789' },
    ]) {
      expect(payoutsOverviewSchema.parse({ ...overview, method }).method).toEqual(method);
    }
    expect(payoutsOverviewSchema.safeParse({ ...overview, method: { type: 'bank', holder: 'Pat', country: 'DE' } }).success).toBe(false);
  });

  it('describe an admin’s payout with its creator and processor', () => {
    const row = { ...payout, creatorId: 'user_1', creatorName: 'Pat', creatorEmail: 'pat@example.com', processedByEmail: null };
    expect(adminPayoutSchema.parse(row)).toEqual(row);
  });
});

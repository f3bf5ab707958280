import { describe, expect, it } from 'vitest';
import { isHeldByPlatform, requirementLabel } from './connect.ts';

const account = (status: 'details_needed' | 'pending_verification' | 'payouts_enabled', transfersEnabled = status === 'payouts_enabled') => ({
  provider: 'test' as const,
  status,
  requirements: [],
  transfersEnabled,
  testMode: true,
});

describe('payout account helpers', () => {
  it('reads the provider’s requirement names as words', () => {
    expect(requirementLabel('individual.verification.document')).toBe('individual verification document');
    expect(requirementLabel('external_account')).toBe('external account');
  });

  it('holds the money on the platform until the payout account takes transfers', () => {
    expect(isHeldByPlatform(undefined)).toBe(false);
    expect(isHeldByPlatform({ available: false, account: null })).toBe(false);
    expect(isHeldByPlatform({ available: true, account: null })).toBe(true);
    expect(isHeldByPlatform({ available: true, account: account('details_needed') })).toBe(true);
    expect(isHeldByPlatform({ available: true, account: account('pending_verification') })).toBe(true);
    // Stripe may take transfers while it still verifies the account for payouts to the bank.
    expect(isHeldByPlatform({ available: true, account: account('pending_verification', true) })).toBe(false);
    expect(isHeldByPlatform({ available: true, account: account('payouts_enabled') })).toBe(false);
  });
});

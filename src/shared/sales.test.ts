import { describe, expect, it } from 'vitest';
import { canRefundSale } from './sales.ts';

describe('canRefundSale', () => {
  const sale = { creatorId: 'creator-1' };

  it('lets the sale’s creator and admins refund it', () => {
    expect(canRefundSale({ id: 'creator-1', role: 'creator' }, sale)).toBe(true);
    expect(canRefundSale({ id: 'admin-1', role: 'admin' }, sale)).toBe(true);
  });

  it('refuses anyone else, and everyone but admins for a sale whose creator is gone', () => {
    expect(canRefundSale({ id: 'creator-2', role: 'creator' }, sale)).toBe(false);
    expect(canRefundSale({ id: 'buyer-1', role: 'user' }, sale)).toBe(false);
    expect(canRefundSale({ id: 'creator-1', role: 'creator' }, { creatorId: null })).toBe(false);
    expect(canRefundSale({ id: 'admin-1', role: 'admin' }, { creatorId: null })).toBe(true);
  });
});

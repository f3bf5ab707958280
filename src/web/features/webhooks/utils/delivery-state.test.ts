import { describe, expect, it } from 'vitest';
import { deliveriesRefreshMs, deliveryState, FAST_REFRESH_MS, SLOW_REFRESH_MS } from './delivery-state.ts';

const pending = (attempts: number) => ({ status: 'pending' as const, attempts });
const delivered = { status: 'delivered' as const, attempts: 1 };
const failed = { status: 'failed' as const, attempts: 8 };

describe('deliveryState', () => {
  it('tells a first attempt on its way from a retry after a failed one', () => {
    expect(deliveryState(pending(0))).toBe('sending');
    expect(deliveryState(pending(2))).toBe('retrying');
  });

  it('keeps settled states', () => {
    expect(deliveryState(delivered)).toBe('delivered');
    expect(deliveryState(failed)).toBe('failed');
  });
});

describe('deliveriesRefreshMs', () => {
  it('asks soon while a delivery is on its way', () => {
    expect(deliveriesRefreshMs([delivered, pending(0)], 1000, 0)).toBe(FAST_REFRESH_MS);
  });

  it('asks soon for a while after a test or resend, then as the deliveries say', () => {
    expect(deliveriesRefreshMs([delivered], 1000, 5000)).toBe(FAST_REFRESH_MS);
    expect(deliveriesRefreshMs([delivered], 6000, 5000)).toBe(false);
  });

  it('asks now and then while a delivery waits to be retried', () => {
    expect(deliveriesRefreshMs([failed, pending(3)], 1000, 0)).toBe(SLOW_REFRESH_MS);
  });

  it('stops when every delivery is settled, or there are none', () => {
    expect(deliveriesRefreshMs([delivered, failed], 1000, 0)).toBe(false);
    expect(deliveriesRefreshMs([], 1000, 0)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { PLANS } from './plans.ts';
import { describeBytes, fitsInQuota, STORAGE_MESSAGES, storagePercent } from './storage.ts';

describe('storage quotas', () => {
  it('grow with the plan', () => {
    expect(PLANS.map((plan) => [plan.id, describeBytes(plan.storageQuotaBytes)])).toEqual([
      ['free', '1 GB'],
      ['pro', '10 GB'],
      ['business', '100 GB'],
    ]);
  });

  it('let an upload fill the quota exactly, not one byte more', () => {
    expect(fitsInQuota({ usedBytes: 600, quotaBytes: 1000 }, 400)).toBe(true);
    expect(fitsInQuota({ usedBytes: 600, quotaBytes: 1000 }, 401)).toBe(false);
  });

  it('show 100 % only once full', () => {
    expect(storagePercent({ usedBytes: 0, quotaBytes: 1000 })).toBe(0);
    expect(storagePercent({ usedBytes: 999, quotaBytes: 1000 })).toBe(99);
    expect(storagePercent({ usedBytes: 1000, quotaBytes: 1000 })).toBe(100);
    expect(storagePercent({ usedBytes: 5000, quotaBytes: 1000 })).toBe(100); // a lowered quota
    expect(storagePercent({ usedBytes: 0, quotaBytes: 0 })).toBe(0);
  });

  it('name sizes and the plan in the 413 message', () => {
    expect(describeBytes(512)).toBe('512 bytes');
    expect(describeBytes(1536)).toBe('1.5 KB');
    expect(describeBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(STORAGE_MESSAGES.quotaExceeded(10 * 1024 ** 3, 'pro')).toBe(
      'This does not fit in your storage (10 GB on the Creator Pro plan). Delete files you no longer need or upgrade your plan.',
    );
  });
});

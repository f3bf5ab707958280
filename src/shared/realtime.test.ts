import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, userChannel } from './realtime.ts';

describe('realtime reconnect back-off', () => {
  it('waits 1, 2, 5, then 10 seconds', () => {
    expect([0, 1, 2, 3, 4, 20].map(reconnectDelayMs)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('names user channels by id', () => {
    expect(userChannel('abc')).toBe('user:abc');
  });
});

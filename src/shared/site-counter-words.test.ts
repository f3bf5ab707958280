import { describe, expect, it } from 'vitest';
import { counterWords, EARLY_COMMUNITY } from './site.ts';

describe('counterWords', () => {
  it('invites the first account, then an early community, then counts the crowd', () => {
    expect(counterWords(0)).toBe('first');
    expect(counterWords(1)).toBe('early');
    expect(counterWords(5)).toBe('early');
    expect(counterWords(EARLY_COMMUNITY - 1)).toBe('early');
    expect(counterWords(EARLY_COMMUNITY)).toBe('joined');
    expect(counterWords(12_345)).toBe('joined');
  });
});

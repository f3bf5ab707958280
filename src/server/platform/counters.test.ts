import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from './counters.ts';

describe('counters (in memory)', () => {
  it('count per key in a window, answer when it ends, and start over after it', async () => {
    let now = 1_000_000;
    const counters = createMemoryCounters(() => now);
    expect(await counters.increment('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 15_000;
    expect(await counters.increment('a', 60_000)).toEqual({ count: 2, resetInMs: 45_000 });
    expect(await counters.peek('a')).toEqual({ count: 2, resetInMs: 45_000 });
    expect((await counters.increment('b', 60_000)).count).toBe(1);
    now += 45_000;
    expect(await counters.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    expect((await counters.increment('a', 60_000)).count).toBe(1);
  });

  it('reset ends a window', async () => {
    const counters = createMemoryCounters();
    await counters.increment('a', 60_000);
    await counters.increment('a', 60_000);
    await counters.reset('a');
    expect((await counters.peek('a')).count).toBe(0);
    expect((await counters.increment('a', 60_000)).count).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limiter.ts';

describe('rate limiter (in memory)', () => {
  it('allows max hits per window, answers when to retry, and starts over after the window', async () => {
    let now = 1_000_000;
    const store = createMemoryRateLimitStore(() => now);
    const limiter = createRateLimiter({ name: 'test', max: 2, windowMs: 60_000, store });
    expect(await limiter.hit('1.2.3.4')).toEqual({ allowed: true, retryAfterSeconds: 60 });
    now += 15_000;
    expect((await limiter.hit('1.2.3.4')).allowed).toBe(true);
    expect(await limiter.hit('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect((await limiter.hit('5.6.7.8')).allowed).toBe(true);
    now += 45_000;
    expect((await limiter.hit('1.2.3.4')).allowed).toBe(true);
  });

  it('keeps limiters that share a store apart by name', async () => {
    const store = createMemoryRateLimitStore();
    const links = createRateLimiter({ name: 'links', max: 1, windowMs: 60_000, store });
    const newsletter = createRateLimiter({ name: 'newsletter', max: 1, windowMs: 60_000, store });
    expect((await links.hit('ip')).allowed).toBe(true);
    expect((await newsletter.hit('ip')).allowed).toBe(true);
    expect((await links.hit('ip')).allowed).toBe(false);
  });
});

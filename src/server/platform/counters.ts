import type { Redis } from 'ioredis';

/**
 * Counters per key in fixed windows, for what is counted rather than requested: failed sign-ins per
 * account (auth/sign-in-guard.ts) and mails per sender and recipient (mail-throttle.ts). Request
 * limits are @fastify/rate-limit (rate-limits.ts). The store is in memory for one instance, or
 * Redis (REDIS_URL) so that every instance counts in the same window.
 */
export interface CounterStore {
  /** Adds one to `key`'s window and answers the count so far and when the window ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count so far in `key`'s window without adding one (0 when there is no open window). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Ends `key`'s window (a success clears its failures). */
  reset(key: string): Promise<void>;
}

export function createMemoryCounters(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async increment(key, windowMs) {
      const time = now();
      if (time >= nextSweep) {
        for (const [k, window] of windows) if (window.resetAt <= time) windows.delete(k);
        nextSweep = time + 60_000;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    async peek(key) {
      const time = now();
      const window = windows.get(key);
      return window && window.resetAt > time ? { count: window.count, resetInMs: window.resetAt - time } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and the window's expiry in one atomic step, so concurrent instances never lose a count.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** While Redis is unreachable each instance counts on its own (in memory) rather than failing requests. */
export function createRedisCounters(redis: Redis, prefix: string, onError: (error: unknown) => void = () => {}): CounterStore {
  const fallback = createMemoryCounters();
  const redisKey = (key: string) => `${prefix}count:${key}`;
  return {
    async increment(key, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, redisKey(key), windowMs)) as [number, number];
        return { count, resetInMs: ttl };
      } catch (error) {
        onError(error);
        return fallback.increment(key, windowMs);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(redisKey(key)), redis.pttl(redisKey(key))]);
        return count === null || ttl <= 0 ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: ttl };
      } catch (error) {
        onError(error);
        return fallback.peek(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await redis.del(redisKey(key));
      } catch (error) {
        onError(error);
      }
    },
  };
}

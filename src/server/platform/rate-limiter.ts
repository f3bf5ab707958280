/**
 * A fixed-window counter per key (client IP). In memory for one instance; the
 * operations issue moves it to Redis for several instances.
 */
export interface RateLimiter {
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
}

export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + options.windowMs;
  return {
    hit(key) {
      const time = now();
      if (time >= nextSweep) {
        for (const [k, window] of windows) if (window.resetAt <= time) windows.delete(k);
        nextSweep = time + options.windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= options.max,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
      };
    },
  };
}

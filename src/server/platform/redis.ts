import type { Redis } from 'ioredis';

/**
 * The Redis connection of a deployment with several instances (REDIS_URL). It must answer at
 * start: an instance that silently fell back to in-memory limits would break the shared limits.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis'); // loaded only by deployments that use it
  const redis = new Redis(url, {
    lazyConnect: true,
    // A command fails after a short outage instead of waiting forever; callers decide what to do.
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
  });
  redis.on('error', () => {
    // Reconnects on its own; failed commands reject and are handled where they were sent.
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${(error as Error).message}`);
  }
  return redis;
}

export async function closeRedis(redis: Redis) {
  await redis.quit().catch(() => redis.disconnect());
}

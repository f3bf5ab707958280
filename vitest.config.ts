import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];
// Tests of several instances sharing Redis (*.redis.test.ts) run only in the api-redis project.
const redisTests = ['src/server/**/*.redis.test.ts'];
const apiProject = (name: string, target: 'embedded' | 'external', include = apiTests) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...(include === redisTests ? [] : redisTests)],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { ZERRI_TEST_DB: target },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API tests run on the embedded PostgreSQL 18 and, when TEST_DATABASE_URL is set, again on that server.
// With TEST_REDIS_URL (CI sets it) the multi-instance tests run too, on that server's PostgreSQL when there is one.
export default defineConfig({
  test: {
    // The API tests mostly wait on PostgreSQL, HTTP and child processes: Vitest's default (one worker
    // fewer than the cores) ran them one file at a time on a 2-core machine.
    maxWorkers: Math.max(availableParallelism(), 4),
    projects: [
      // 30 s, not the default 5: property tests run hundreds of cases, and CI machines may be busy.
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      apiProject('api-embedded', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-external', 'external')] : []),
      ...(process.env.TEST_REDIS_URL ? [apiProject('api-redis', process.env.TEST_DATABASE_URL ? 'external' : 'embedded', redisTests)] : []),
    ],
  },
});

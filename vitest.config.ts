import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];
// Tests of several instances sharing Redis (*.redis.test.ts) run only in the api-redis project.
const redisTests = ['src/server/**/*.redis.test.ts'];
// Tests of how the app runs its database (the embedded server it starts, or DATABASE_URL): these run
// on both servers whenever there are two. Every other API test runs on one of them (see below).
const onBothServers = [
  'src/server/main.test.ts',
  'src/server/db/client.test.ts',
  'src/server/test/ops/backup.test.ts',
  'src/server/test/ops/crash.test.ts',
  'src/server/test/ops/receipt-after-kill.test.ts',
  'src/server/test/ops/shutdown.test.ts',
];

/**
 * With an external server (CI), the API test files take turns: every other file, in path order, runs
 * on the external server instead of the embedded one. Each test then runs once, yet both servers
 * carry half of every kind of test; running all of them twice doubled the longest stage of CI.
 */
function externalShare(): string[] {
  const files = fs
    .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.redis.test.ts'))
    .map((file) => `src/server/${file.replaceAll('\\', '/')}`)
    .filter((file) => !onBothServers.includes(file))
    .sort();
  return files.filter((_, index) => index % 2 === 1);
}

type Target = 'embedded' | 'external';
const apiProject = (name: string, target: Target, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...(include === redisTests ? [] : redisTests), ...exclude],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { ZERRI_TEST_DB: target },
    // A worker keeps the modules it loaded from one test file to the next: every file builds its own app
    // on its own database (test-app.ts), and loading the app's code again for each file was most of the
    // suite's CPU on a 2-core machine.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const external = process.env.TEST_DATABASE_URL ? externalShare() : [];

// API tests run on the embedded PostgreSQL 18 and, when TEST_DATABASE_URL is set, share the work with that server.
// With TEST_REDIS_URL (CI sets it) the multi-instance tests run too, on that server's PostgreSQL when there is one.
export default defineConfig({
  test: {
    // The API tests mostly wait on PostgreSQL, HTTP and child processes: Vitest's default (one worker
    // fewer than the cores) ran them one file at a time on a 2-core machine.
    maxWorkers: Math.max(availableParallelism(), 4),
    projects: [
      // 30 s, not the default 5: property tests run hundreds of cases, and CI machines may be busy.
      // Modules loaded once per worker, not again for each file (isolate: false): loading them for every
      // file was three quarters of this project's time; no unit test changes what it imports.
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 30_000 } },
      apiProject('api-embedded', 'embedded', apiTests, external),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-external', 'external', [...external, ...onBothServers])] : []),
      ...(process.env.TEST_REDIS_URL ? [apiProject('api-redis', process.env.TEST_DATABASE_URL ? 'external' : 'embedded', redisTests)] : []),
    ],
  },
});

import { defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];
const apiProject = (name: string, target: 'embedded' | 'external') => ({
  test: {
    name,
    include: apiTests,
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    env: { ZERRI_TEST_DB: target },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API tests run on the embedded PostgreSQL 18 and, when TEST_DATABASE_URL is set, again on that server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'], environment: 'node' } },
      apiProject('api-embedded', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-external', 'external')] : []),
    ],
  },
});

import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 3111);
export const baseURL = `http://localhost:${port}`;
/** The DNS server e2e/domains.spec.ts starts (UDP), which the app asks when checking creators' domains. */
export const dnsPort = port + 2;
/** The second app, with Stripe configured against the local fake Stripe (e2e/serve.mjs with STRIPE_PORT), and that fake. */
export const stripeAppURL = `http://localhost:${port + 4}`;
export const fakeStripeURL = `http://127.0.0.1:${port + 5}`;
const STRIPE_SPECS = /connect-stripe\.spec\.ts$/;

// End-to-end journeys in Debian's Chromium against the production build on a fresh embedded database.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Whole journeys (sign-up, several pages, live updates) on a 2-core machine that may be busy: the
  // budgets only decide how long a failing test waits, so they are generous.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A failure's trace (DOM snapshots, no screencast) is kept where someone can open it; recording costs
    // about a sixth of the suite's CPU, so CI (.ci/run sets E2E_TRACE=off), which keeps only its output,
    // runs without: npm test prints the errors.
    trace: process.env.E2E_TRACE === 'off' || process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: STRIPE_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Journeys through Stripe, on the second app: its settings (Admin › Settings) touch no other journey.
    { name: 'stripe', testMatch: STRIPE_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: stripeAppURL } },
  ],
  webServer: [
    {
      command: 'node e2e/serve.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // SIGTERM lets the app stop its embedded PostgreSQL and remove its data directory.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { PORT: String(port), PUBLIC_URL: baseURL, DNS_SERVERS: `127.0.0.1:${dnsPort}`, DOMAINS_ADDRESSES: '127.0.0.1' },
    },
    {
      command: 'node e2e/serve.mjs',
      url: `${stripeAppURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { PORT: String(port + 4), STRIPE_PORT: String(port + 5), PUBLIC_URL: stripeAppURL },
    },
  ],
});

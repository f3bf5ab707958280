// Starts the built app for the end-to-end suite on a fresh data directory (its own embedded PostgreSQL).
// With STRIPE_PORT set (the second app, playwright.config.ts), its payments go through the local fake
// Stripe on that port, which signs its webhooks to this app; else through the built-in test provider.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenAI } from './fake-providers/openai.mjs';
import { startFakeStripe } from './fake-providers/stripe.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-e2e-'));
fs.chmodSync(dataDir, 0o755);
// The AI studio talks to a local server that speaks the OpenAI protocol (the only third party faked).
const fakeAi = await startFakeOpenAI({ wordDelayMs: 120 });
Object.assign(process.env, {
  AI_BASE_URL: fakeAi.url,
  AI_API_KEY: 'sk-e2e-not-secret',
  AI_MODEL: 'e2e-model',
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '1000',
  // Journeys sign up and buy many times from one address.
  MAIL_RATE_LIMIT_RECIPIENT: '1000',
  MAIL_RATE_LIMIT_VISITOR: '1000',
  MAIL_RATE_LIMIT_USER: '1000',
  ADMIN_EMAILS: 'admin-e2e@example.com',
});
if (process.env.STRIPE_PORT) {
  const webhookUrl = `http://127.0.0.1:${process.env.PORT}/api/payments/stripe/webhook`;
  const stripe = await startFakeStripe({ port: Number(process.env.STRIPE_PORT), apiKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e', webhookUrl });
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe.url });
}
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);
await import('../dist/server/main.js');

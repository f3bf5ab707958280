// Starts the built app a second time for the journeys through Stripe (e2e/connect-stripe.spec.ts): its
// own data directory and embedded PostgreSQL, Stripe configured against the local fake Stripe (the only
// third party faked, driven by Stripe's SDK on the app's side), which signs its webhooks to this app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeStripe } from './fake-providers/stripe.mjs';

const port = Number(process.env.PORT);
const stripePort = Number(process.env.STRIPE_PORT);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-e2e-stripe-'));
fs.chmodSync(dataDir, 0o755);
const stripe = await startFakeStripe({ port: stripePort, apiKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e', webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook` });
Object.assign(process.env, {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_API_BASE: stripe.url,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '1000',
  MAIL_RATE_LIMIT_RECIPIENT: '1000',
  MAIL_RATE_LIMIT_VISITOR: '1000',
  MAIL_RATE_LIMIT_USER: '1000',
  ADMIN_EMAILS: 'admin-e2e@example.com',
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);
await import('../dist/server/main.js');

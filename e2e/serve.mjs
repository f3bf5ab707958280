// Starts the built app for the end-to-end suite on a fresh data directory (its own embedded PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenAI } from './fake-providers/openai.mjs';

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
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);
await import('../dist/server/main.js');

// Starts the built app for the end-to-end suite on a fresh data directory (its own embedded PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-e2e-'));
fs.chmodSync(dataDir, 0o755);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '1000',
  ADMIN_EMAILS: 'admin-e2e@example.com',
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);
await import('../dist/server/main.js');

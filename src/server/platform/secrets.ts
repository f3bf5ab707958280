import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  authSecret: string;
  postgresPassword: string;
}

/** Secrets generated once per data directory and kept there (mode 0600), so no config is needed. */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    authSecret: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(24).toString('base64url'),
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { connectDatabase, runMigrations, type Database } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { loadOrCreateSecrets } from '../platform/secrets.ts';

/**
 * A database connection for command-line tools: DATABASE_URL, else the embedded server of a
 * running app (found through postmaster.pid), else an embedded server started just for the command.
 */
export async function openCliDatabase(config: Config): Promise<{ database: Database; close(): Promise<void> }> {
  if (config.DATABASE_URL) {
    const database = connectDatabase(config.DATABASE_URL, { max: 2 });
    await runMigrations(database.db);
    return { database, close: () => database.close() };
  }
  const secrets = loadOrCreateSecrets(config.DATA_DIR);
  const runningPort = runningServerPort(config.DATA_DIR);
  if (runningPort) {
    const url = `postgres://zerri:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${runningPort}/zerri`;
    const database = connectDatabase(url, { max: 2 });
    return { database, close: () => database.close() };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, password: secrets.postgresPassword });
  const database = connectDatabase(embedded.url, { max: 2 });
  await runMigrations(database.db);
  return {
    database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}

function runningServerPort(dataDir: string): number | undefined {
  const appLock = path.join(dataDir, 'zerri.pid');
  const postmaster = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(appLock) || !fs.existsSync(postmaster)) return undefined;
  const appPid = Number(fs.readFileSync(appLock, 'utf8'));
  try {
    process.kill(appPid, 0);
  } catch {
    return undefined;
  }
  const port = Number(fs.readFileSync(postmaster, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { RestoreError, restoreBackup } from '../modules/ops/backup/restore.ts';
import { loadOrCreateSecrets } from '../platform/secrets.ts';
import { createStorage } from '../platform/storage/create-storage.ts';

// npm run restore ARCHIVE   into an empty DATA_DIR (embedded PostgreSQL) or an empty DATABASE_URL, with the app stopped.
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore ARCHIVE   (a .tar.gz written by npm run backup)');
  process.exit(2);
}
if (!fs.existsSync(archive)) {
  console.error(`There is no file ${path.resolve(archive)}: give the path of a .tar.gz written by npm run backup.`);
  process.exit(2);
}
const config = loadConfig();
let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
try {
  if (!config.DATABASE_URL) {
    // Takes the data directory's lock: a running app on it makes this stop with a clear message.
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, password: loadOrCreateSecrets(config.DATA_DIR).postgresPassword });
  }
  const database = connectDatabase(config.DATABASE_URL ?? embedded!.url, { max: 2 });
  try {
    const result = await restoreBackup({ pool: database.pool, storage: await createStorage(config), archive: path.resolve(archive) });
    console.log(`Restored ${result.rows} rows in ${result.tables} tables and ${result.files} files in ${result.seconds.toFixed(1)} s.`);
  } finally {
    await database.close();
  }
} catch (error) {
  const known = error instanceof RestoreError || error instanceof DataDirInUseError;
  console.error(known ? `\n${(error as Error).message}\n` : error);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}

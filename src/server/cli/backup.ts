import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createBackup } from '../modules/ops/backup/backup.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { openCliDatabase } from './database.ts';

// npm run backup [-- FILE]   one .tar.gz with the database and the stored files; safe while the app runs.
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(process.argv[2] ?? path.join('backups', `zerri-${stamp}.tar.gz`));
const { database, close } = await openCliDatabase(config);
try {
  const result = await createBackup({ pool: database.pool, storage: await createStorage(config), out });
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${result.file}: ${megabytes} MB, ${result.rows} rows in ${result.tables} tables, ${result.files} files, in ${result.seconds.toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await close();
}

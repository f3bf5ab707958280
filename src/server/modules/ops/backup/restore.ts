import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../../../paths.ts';
import { BUCKETS, MEDIA_TYPES, type Bucket, type ObjectStorage } from '../../../platform/storage/storage.ts';
import { journalEntries, lastAppliedMigration } from '../migrations.ts';
import { ARCHIVE_FORMAT, listTables, quoteName, type Manifest } from './backup.ts';
import { readTar } from './tar.ts';

export class RestoreError extends Error {}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  seconds: number;
}

const INSERT_BATCH = 500;

/**
 * Restores an archive of createBackup into an empty database and empty storage: the schema is
 * migrated to the archive's level, the rows are loaded in one transaction (triggers and foreign
 * keys held off, as the rows are already consistent), sequences set, then the migrations this
 * build adds on top run, and the files are stored again.
 */
export async function restoreBackup(options: { pool: pg.Pool; storage: ObjectStorage; archive: string }): Promise<RestoreResult> {
  const started = performance.now();
  await assertEmptyTarget(options.pool, options.storage);
  const entries = readTar(fs.createReadStream(options.archive).pipe(createGunzip()));
  const first = await entries.next();
  if (first.done || first.value.path !== 'manifest.json') throw new RestoreError(`${options.archive} is not a backup of this app.`);
  const manifest = JSON.parse(Buffer.concat(await collect(first.value.body)).toString('utf8')) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new RestoreError(`${options.archive} is not a backup of this app.`);

  await migrateTo(options.pool, manifest.lastMigration);
  const client = await options.pool.connect();
  let rows = 0;
  let next = await entries.next();
  try {
    await client.query('BEGIN');
    // Rows go in as they were: no triggers (e.g. the profile a new user gets) and no foreign-key order.
    await client.query(`SET LOCAL session_replication_role = replica`);
    const tables = await listTables(client);
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(quoteName).join(', ')}`);
    for (; !next.done && next.value.path.startsWith('database/'); next = await entries.next()) {
      const table = manifest.tables.find((candidate) => `database/${candidate.file}` === next.value!.path);
      if (!table) throw new RestoreError(`Unexpected entry ${next.value.path} in the archive.`);
      rows += await loadTable(client, table.name, next.value.body);
    }
    for (const sequence of manifest.sequences) {
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [quoteName(sequence.name), sequence.value ?? '1', sequence.value !== null]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await migrate(drizzle(options.pool), { migrationsFolder });

  let files = 0;
  for (; !next.done; next = await entries.next()) {
    const match = /^files\/([^/]+)\/(.+)$/.exec(next.value.path);
    if (!match || !BUCKETS.includes(match[1] as Bucket)) throw new RestoreError(`Unexpected entry ${next.value.path} in the archive.`);
    const key = match[2]!;
    const contentType = MEDIA_TYPES[path.extname(key)] ?? 'application/octet-stream';
    await options.storage.put(match[1] as Bucket, key, Readable.from(next.value.body), { contentType });
    files += 1;
  }
  return { tables: manifest.tables.length, rows, files, seconds: (performance.now() - started) / 1000 };
}

/** Restoring over live data would mix two histories: the database must have no migrations yet, storage no files. */
async function assertEmptyTarget(pool: pg.Pool, storage: ObjectStorage) {
  if ((await lastAppliedMigration(drizzle(pool))) > 0) {
    throw new RestoreError('The database is not empty. Restore into a new data directory (or a new, empty DATABASE_URL).');
  }
  for (const bucket of BUCKETS) {
    if ((await storage.list(bucket)).length > 0) throw new RestoreError(`The file storage is not empty (${bucket}). Restore into empty storage.`);
  }
}

/** Runs this build's migrations up to the archive's level, so its rows fit the tables exactly. */
async function migrateTo(pool: pg.Pool, lastMigration: number) {
  const entries = journalEntries();
  if (!entries.some((entry) => entry.when === lastMigration)) {
    throw new RestoreError('The backup was made by a newer version of the app (its database has migrations this one lacks). Restore it with that version.');
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-restore-migrations-'));
  try {
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.when <= lastMigration);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Inserts JSON lines in batches; generated columns are computed again by the server. */
async function loadTable(client: pg.PoolClient, table: string, body: AsyncGenerator<Buffer>): Promise<number> {
  const [schema, name] = table.split('.') as [string, string];
  const { rows: columns } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [schema, name],
  );
  const list = columns.map((column) => `"${column.column_name.replaceAll('"', '""')}"`).join(', ');
  const insert = `INSERT INTO ${quoteName(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoteName(table)}, $1::json)`;
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
  };
  let rest = '';
  const decoder = new StringDecoder('utf8'); // a character may be split between two chunks
  for await (const chunk of body) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      if (batch.length >= INSERT_BATCH) await flush();
    }
  }
  rest += decoder.end();
  if (rest) batch.push(rest);
  await flush();
  return count;
}

async function collect(body: AsyncGenerator<Buffer>): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return parts;
}

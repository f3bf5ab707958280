import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { BUCKETS, type ObjectStorage } from '../../../platform/storage/storage.ts';
import { TarWriter } from './tar.ts';

/**
 * Online backup: the database as one consistent snapshot (a REPEATABLE READ transaction, so the
 * app keeps writing meanwhile) dumped as JSON lines per table, plus every stored file, in one
 * .tar.gz. Logical, in Node: the embedded server ships no pg_dump, and a system pg_dump may be
 * older than the server.
 */
export const ARCHIVE_FORMAT = 'zerri-backup';
export const ARCHIVE_VERSION = 1;
/** The schemas the app's migrations create; both are archived whole. */
export const SCHEMAS = ['public', 'drizzle'];

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** The newest migration applied when the snapshot was taken (drizzle's created_at). */
  lastMigration: number;
  tables: { name: string; rows: number; file: string }[];
  sequences: { name: string; value: string | null }[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  seconds: number;
}

export const quoteName = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

export async function listTables(client: pg.PoolClient | pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) ORDER BY table_schema, table_name`,
    [SCHEMAS],
  );
  return rows.map((row) => row.name);
}

export async function createBackup(options: { pool: pg.Pool; storage: ObjectStorage; out: string }): Promise<BackupResult> {
  const started = performance.now();
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-backup-'));
  const partial = `${options.out}.partial`;
  try {
    const manifest = await dumpDatabase(options.pool, staging);
    fs.mkdirSync(path.dirname(options.out), { recursive: true });
    const gzip = createGzip({ level: 1 }); // stored files are mostly compressed already; speed matters more
    const file = fs.createWriteStream(partial);
    const written = new Promise<void>((resolve, reject) => {
      file.on('finish', resolve);
      file.on('error', reject);
      gzip.on('error', reject);
    });
    gzip.pipe(file);
    const tar = new TarWriter(gzip);
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add('manifest.json', manifestBytes.length, manifestBytes);
    for (const table of manifest.tables) {
      const dumped = path.join(staging, table.file);
      await tar.add(`database/${table.file}`, fs.statSync(dumped).size, fs.createReadStream(dumped));
    }
    // Files after the snapshot: every file a snapshot row points to was stored before its row was committed.
    let files = 0;
    for (const bucket of BUCKETS) {
      for (const key of await options.storage.list(bucket)) {
        const object = await options.storage.get(bucket, key);
        if (!object) continue; // deleted since it was listed
        await tar.add(`files/${bucket}/${key}`, object.size, object.body);
        files += 1;
      }
    }
    await tar.finish();
    await written;
    fs.renameSync(partial, options.out);
    return {
      file: options.out,
      bytes: fs.statSync(options.out).size,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Every table of the snapshot into `<dir>/<schema>.<table>.jsonl`, read through a cursor (bounded memory). */
async function dumpDatabase(pool: pg.Pool, dir: string): Promise<Manifest> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables: Manifest['tables'] = [];
    for (const name of await listTables(client)) {
      const file = `${name}.jsonl`;
      const out = new PassThrough();
      const sink = fs.createWriteStream(path.join(dir, file));
      const done = new Promise<void>((resolve, reject) => {
        sink.on('finish', resolve);
        sink.on('error', reject);
      });
      out.pipe(sink);
      await client.query(`DECLARE dump CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${quoteName(name)} t`);
      let rows = 0;
      for (;;) {
        const batch = await client.query<{ line: string }>('FETCH 1000 FROM dump');
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        if (!out.write(batch.rows.map((row) => `${row.line}\n`).join(''))) await new Promise((resolve) => out.once('drain', resolve));
      }
      await client.query('CLOSE dump');
      out.end();
      await done;
      tables.push({ name, rows, file });
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `SELECT schemaname || '.' || sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1`,
      [SCHEMAS],
    );
    const migration = await client.query<{ last: string | null }>(`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`);
    await client.query('COMMIT');
    return {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      lastMigration: Number(migration.rows[0]?.last ?? 0),
      tables,
      sequences: sequences.rows,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

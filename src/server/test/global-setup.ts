import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server; test files create their databases through it. */
    adminDatabaseUrl: string;
    /** A migrated database that each test file copies (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

/** One PostgreSQL server per test run; the template is migrated once. */
export default async function setup(project: TestProject) {
  const target = project.config.env?.ZERRI_TEST_DB ?? 'embedded';
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl: string;
  if (target === 'external') {
    adminUrl = process.env.TEST_DATABASE_URL!;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    // Its databases are thrown away after the run: nothing needs to survive a crash of this server
    // (the kill -9 tests run their own), so it skips the disk flushes every commit would wait for.
    embedded = await startEmbeddedPostgres({
      dataDir,
      password: randomBytes(12).toString('hex'),
      database: 'postgres',
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.url;
  }
  const template = `zerri_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const database = connectDatabase(withDatabase(adminUrl, template), { max: 1 });
  await runMigrations(database.db);
  await database.close();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const prefix = template.replace('zerri_tpl_', 'zerri_t_');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${prefix}%`],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

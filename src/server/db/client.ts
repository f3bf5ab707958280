import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';

export type Db = NodePgDatabase;
/** A transaction started with `db.transaction`; it takes the same queries as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its server (restart, network); the pool replaces it on next use.
  });
  // A client lent out (a transaction between two queries) has no listener of the pool's: its connection
  // ended by the server would be an uncaught 'error' that stops the process. Its next query fails instead.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { casing: 'snake_case' });
  // Once: a stop can come from two signals at once (Ctrl-C in `npm run dev` reaches tsx and the server).
  let closing: Promise<void> | undefined;
  return { db, pool, url, close: () => (closing ??= pool.end()) };
}

export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder });
}

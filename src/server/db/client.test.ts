import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startZerri } from '../start.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { connectDatabase } from './client.ts';
import { executePrepared } from './prepared.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('closing the database', () => {
  it('is done once however often it is asked', async () => {
    const database = connectDatabase(test.databaseUrl, { max: 1 });
    await database.pool.query('SELECT 1');
    await expect(Promise.all([database.close(), database.close()])).resolves.toBeDefined();
    await expect(database.close()).resolves.toBeUndefined();
  });

  it('lets a server stopped by two signals at once (Ctrl-C in npm run dev) stop cleanly', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: test.databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: test.app.zerri.config.DATA_DIR });
    const running = await startZerri(config, { serveWeb: false });
    await expect(Promise.all([running.stop(), running.stop()])).resolves.toBeDefined();
  });
});

describe('a connection the server ends', () => {
  // Without a listener of its own, the client lent out would emit an uncaught 'error' (the run fails on it).
  it('while lent to a transaction between two queries fails that transaction’s next query, not the process', async () => {
    const database = connectDatabase(test.databaseUrl, { max: 1 });
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await test.database.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    await expect(database.pool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await database.close();
  });
});

describe('a hot statement run prepared', () => {
  it('is prepared once per connection under its text’s name, answers each run’s values, and works in a transaction', async () => {
    const database = connectDatabase(test.databaseUrl, { max: 1 });
    const square = (n: number) => sql`SELECT ${n}::int * ${n}::int AS square, ${`n${n}`}::text AS label`;
    const first = await executePrepared<{ square: number; label: string }>(database.db, square(3));
    const second = await executePrepared<{ square: number; label: string }>(database.db, square(12));
    expect([first.rows, second.rows]).toEqual([[{ square: 9, label: 'n3' }], [{ square: 144, label: 'n12' }]]);
    // Same text, another value: one statement on the one connection, named by the text.
    const prepared = await database.pool.query<{ name: string; statement: string }>(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'zerri\\_%'`);
    expect(prepared.rows).toHaveLength(1);
    expect(prepared.rows[0]!.statement).toContain('AS square');
    const inTransaction = await database.db.transaction((tx) => executePrepared<{ square: number }>(tx, square(5)));
    expect(inTransaction.rows[0]!.square).toBe(25);
    await database.close();
  });
});

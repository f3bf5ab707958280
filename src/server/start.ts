import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { connectDatabase, runMigrations, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.ts';
import { loadOrCreateSecrets } from './platform/secrets.ts';

export interface RunningZerri {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: secrets, PostgreSQL (embedded unless DATABASE_URL), migrations, HTTP.
 * `signal` aborts the start between steps (SIGTERM while starting); what was started is stopped again.
 */
export async function startZerri(config: Config, options: { serveWeb?: boolean; signal?: AbortSignal } = {}): Promise<RunningZerri> {
  const { signal } = options;
  const secrets = loadOrCreateSecrets(config.DATA_DIR);
  let embedded: EmbeddedPostgres | undefined;
  if (!config.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      password: secrets.postgresPassword,
      log: (line) => console.log(line),
      signal,
    });
  }
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    signal?.throwIfAborted();
    database = connectDatabase(config.DATABASE_URL ?? embedded!.url);
    await runMigrations(database.db);
    signal?.throwIfAborted();
    app = await buildApp({
      config,
      database,
      authSecret: config.AUTH_SECRET ?? secrets.authSecret,
      serveWeb: options.serveWeb ?? true,
    });
    signal?.throwIfAborted();
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    signal?.throwIfAborted();
    const port = new URL(address).port;
    const db = database;
    const listening = app;
    return {
      app: listening,
      database: db,
      url: `http://localhost:${port}`,
      async stop() {
        await listening.close();
        await db.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop();
    throw error;
  }
}

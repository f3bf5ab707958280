import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from './auth.ts';
import type { Mailer } from './mail.ts';
import type { Realtime } from './realtime.ts';

/** What every module's routes receive: the app's shared parts, passed in explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  realtime: Realtime;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's shared parts, for tests and tools that hold only the app. */
    zerri: AppContext;
  }
}

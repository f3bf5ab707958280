import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { eventRoutes } from './modules/site/events.ts';
import { countUsers } from './modules/site/queries.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { webDistFolder } from './paths.ts';
import { createAuth } from './platform/auth.ts';
import { BufferedWriters, type AppContext, type FastPath } from './platform/context.ts';
import { registerErrorHandling, routeNotFound } from './platform/errors.ts';
import { createMailer } from './platform/mail.ts';
import { createRealtime } from './platform/realtime.ts';
import { registerSecurity, requestOrigins } from './platform/security.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  authSecret: string;
  /** Serve the built React app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Where logs go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fastPaths: FastPath[] = [];
  const app = Fastify({
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        for (const fastPath of fastPaths) if (fastPath(request, response)) return;
        handler(request, response);
      }),
    trustProxy: config.TRUST_PROXY,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const devOrigins = config.isProduction ? [] : DEV_ORIGINS;
  registerSecurity(app, { publicUrl: config.PUBLIC_URL, devOrigins });
  await app.register(rateLimit, { global: false });

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: app.log });
  const realtime = await createRealtime({ databaseUrl: database.url, pool: database.pool, log: app.log });
  app.addHook('onClose', () => realtime.close());
  const auth = createAuth({
    db: database.db,
    secret: options.authSecret,
    publicUrl: config.PUBLIC_URL,
    brand: config.BRAND_NAME,
    adminEmails: config.ADMIN_EMAILS,
    mailer,
    onUserCreated: async () => {
      await realtime.publish(PUBLIC_CHANNEL, 'users.count', { count: await countUsers(database.db) });
    },
    trustedOrigins: (request) => {
      if (!request) return [config.PUBLIC_URL, ...devOrigins];
      const host = request.headers.get('host') ?? undefined;
      const protocol = new URL(request.url).protocol.replace(':', '');
      return [...requestOrigins({ headers: { host }, protocol }, config.PUBLIC_URL), ...devOrigins];
    },
  });
  const buffers = new BufferedWriters();
  const ctx: AppContext = { config, database, auth, mailer, realtime, buffers, fastPaths };
  app.decorate('zerri', ctx);

  await app.register(siteRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(linkRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });

  if (options.serveWeb) await serveWebApp(app);
  else app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
  return app;
}

/** The built SPA: hashed assets cached for a year, every other page gets index.html. */
async function serveWebApp(app: FastifyInstance) {
  const indexFile = path.join(webDistFolder, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing): run npm run build.`);
  await app.register(fastifyStatic, {
    root: webDistFolder,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0]!);
    if (!isPage) {
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

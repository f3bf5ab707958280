import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PRODUCT_FILE_MAX_BYTES } from '#shared/products.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { designRoutes } from './modules/designs/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { eventRoutes } from './modules/site/events.ts';
import { countUsers } from './modules/site/queries.ts';
import { mediaRoutes } from './modules/site/media-routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { createAuth } from './platform/auth.ts';
import { BufferedWriters, type AppContext, type FastPath, type PageMetaResolver } from './platform/context.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { registerErrorHandling, routeNotFound } from './platform/errors.ts';
import { createMailer } from './platform/mail.ts';
import { createRealtime } from './platform/realtime.ts';
import { registerSecurity, requestOrigins } from './platform/security.ts';
import { serveWebApp } from './platform/web-app.ts';

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
  await app.register(multipart, {
    throwFileSizeLimit: false, // our own limits answer 413 with the spec's words (upload-form.ts)
    limits: { fileSize: PRODUCT_FILE_MAX_BYTES + 1024 * 1024, files: 3, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });

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
  const storage = await createStorage(config);
  const pageMeta: PageMetaResolver[] = [];
  const ctx: AppContext = { config, database, auth, mailer, realtime, buffers, fastPaths, storage, pageMeta };
  app.decorate('zerri', ctx);

  await app.register(siteRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(linkRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(aiRoutes, { ctx });
  await app.register(designRoutes, { ctx });
  await app.register(jobRoutes, { ctx });
  await app.register(communityRoutes, { ctx });

  if (options.serveWeb) await serveWebApp(app, { pageMeta, brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL });
  else app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
  return app;
}

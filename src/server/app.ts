import { testPasswords } from './platform/passwords.ts';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { PRODUCT_FILE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#shared/products.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminManagementRoutes } from './modules/admin/management/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { affiliateRoutes } from './modules/affiliates/routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { audienceRoutes } from './modules/audience/routes.ts';
import { discountRoutes } from './modules/discounts/routes.ts';
import { designRoutes } from './modules/designs/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { licenseRoutes } from './modules/licenses/routes.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { purgeOldNotifications } from './modules/notifications/queries.ts';
import { sendDigests } from './modules/notifications/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { conversationRoutes } from './modules/conversations/routes.ts';
import { creatorPageRoutes } from './modules/creator-page/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { domainRoutes, storefrontProductGuard } from './modules/domains/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { docsRoutes, registerOpenApi } from './modules/ops/docs.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { invoiceFulfilment } from './modules/invoices/invoices.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { defineCheckoutReminders } from './modules/orders/checkout-reminders.ts';
import { payOutTestAccounts, TEST_ACCOUNT_PAYOUTS_TASK } from './modules/payouts/connect.ts';
import { defineTransfers } from './modules/payouts/transfers.ts';
import type { OrdersWiring } from './modules/orders/contract.ts';
import { DownloadLinks } from './modules/orders/download-links.ts';
import { productsFulfilment } from './modules/orders/fulfilment.ts';
import { libraryRoutes } from './modules/orders/library-routes.ts';
import { expirePendingOrders } from './modules/orders/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/orders/payment-routes.ts';
import { receiptRoutes } from './modules/orders/receipt-routes.ts';
import { embedRoutes } from './modules/embed/routes.ts';
import { payoutRoutes } from './modules/payouts/routes.ts';
import { productReviewRoutes } from './modules/products/review-routes.ts';
import { productVersionRoutes } from './modules/products/version-routes.ts';
import { salesRoutes } from './modules/sales/routes.ts';
import { registerTeamActing } from './modules/teams/acting.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { adminTransactionRoutes } from './modules/admin/transactions-routes.ts';
import { adminTaskRoutes } from './modules/admin/tasks-routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { defineWebhookDelivery, purgeDeliveryLog, webhooksAllowLocal } from './modules/webhooks/service.ts';
import type { PaymentsWiring } from './modules/payments/contract.ts';
import { providerFromConfig } from './modules/payments/providers.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { purgeStripeEvents } from './modules/payments/stripe-billing.ts';
import { productContactRoutes } from './modules/products/contact-routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { eventRoutes } from './modules/site/events.ts';
import { getSiteContent, publicUserCount } from './modules/site/queries.ts';
import { mediaRoutes } from './modules/site/media-routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { registerApiKeyAuth } from './platform/api-keys.ts';
import { createAuth, purgeExpiredAuthRows } from './platform/auth.ts';
import { BufferedWriters, type AppContext, type FastPath, type PageMetaResolver } from './platform/context.ts';
import { prepareUploadDir } from './platform/multipart.ts';
import { recordRoutes, responseSerializer } from './platform/response-contract.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { createUserFiles, storageQuotas } from './platform/storage/quota.ts';
import { registerErrorHandling, routeNotFound } from './platform/errors.ts';
import { createMailer, createMailTransport } from './platform/mail.ts';
import { createTaskRunner, purgeFailedTasks } from './platform/tasks.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { membershipRoutes } from './modules/memberships/routes.ts';
import { membershipSubject, runMembershipCycle } from './modules/memberships/service.ts';
import { planSubject, runPlanCycle } from './modules/plans/billing.ts';
import { handleCheckoutSession } from './modules/orders/payments.ts';
import { recordDispute } from './modules/sales/disputes.ts';
import { createMailThrottle } from './platform/mail-throttle.ts';
import { createMetrics } from './platform/metrics.ts';
import { createMemoryCounters, createRedisCounters } from './platform/counters.ts';
import { createWrongPasswordLimit } from './platform/password-confirmation.ts';
import { createDiscountTriesLimit } from './modules/discounts/tries.ts';
import { registerRateLimits } from './platform/rate-limits.ts';
import { closeRedis, connectRedis } from './platform/redis.ts';
import { registerRequestTracking, RequestLogController, requestId } from './platform/request-log.ts';
import { createRealtime } from './platform/realtime.ts';
import { frameableSecurityHeaders, refuseRequest, registerSecurity, requestOrigins, redirectSecurityHeaders, requestTargetProblem, securityHeaders, usesHsts } from './platform/security.ts';
import { serveWebApp } from './platform/web-app.ts';
import { classifyVisitor } from './modules/links/visitor.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  authSecret: string;
  /** Serve the built React app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is, when not dist/web (the server pages' tests serve their own index.html). */
  webFolder?: string;
  /** Where logs go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The memberships' clock (API tests move it); the system clock by default. */
  clock?: Clock;
}

const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];
/** How long a stop waits for running background tasks before handing them back (within main.ts's 10 s). */
const TASK_DRAIN_MS = 5_000;
const MINUTE_MS = 60_000;
const KEEP_ALIVE_MS = 72_000;
const IDLE_REAP_MS = 100;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fastPaths: FastPath[] = [];
  const headers = securityHeaders({ hsts: usesHsts(config) });
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        // Refused before routing and before the fast paths, so every route and limiter sees one canonical path.
        const problem = requestTargetProblem(request.url ?? '/');
        if (problem) return refuseRequest(response, headers, problem);
        for (const fastPath of fastPaths) if (fastPath(request, response)) return;
        handler(request, response);
      });
      // Fastify applies none of its server options to a server it did not make. Its 72 s keep-alive outlives
      // the idle timeouts of proxies and clients (60 s is common), so the client, not us, closes an idle
      // connection; with Node's 5 s a client reusing one as we close it gets a reset (a 502 behind a proxy).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      return server;
    },
    trustProxy: config.TRUST_PROXY,
    // One JSON log line per request, its id also in the X-Request-Id header (platform/request-log.ts).
    genReqId: requestId,
    requestIdHeader: false,
    logController: new RequestLogController(),
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ rejectUndeclared: !config.isProduction }));
  app.decorate('routeTable', recordRoutes(app));
  registerErrorHandling(app);
  // A stop closes the connections idle at that moment; one that becomes idle later (an answer sent before
  // its upload finished arriving) would be kept for the whole keep-alive and hold the stop up.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS).unref();
      app.server.once('close', () => clearInterval(reaper));
    }
    done();
  });
  const metrics = createMetrics();
  registerRequestTracking(app, metrics);
  // Several instances share their rate limits and counters through Redis; one instance keeps them in memory.
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const counters = redis
    ? createRedisCounters(redis, config.REDIS_KEY_PREFIX, (error) => app.log.warn({ err: error }, 'Redis counter failed; counting in memory'))
    : createMemoryCounters();
  const devOrigins = config.isProduction ? [] : DEV_ORIGINS;
  registerSecurity(app, { publicUrl: config.PUBLIC_URL, devOrigins, headers, frameableHeaders: frameableSecurityHeaders({ hsts: usesHsts(config) }) });
  await registerRateLimits(app, redis, config.REDIS_KEY_PREFIX);
  registerApiKeyAuth(app, { db: database.db, max: config.API_KEY_RATE_LIMIT_MAX });
  if (!config.isProduction || config.API_DOCS_ENABLED) await registerOpenApi(app, { brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL });
  await app.register(multipart, {
    throwFileSizeLimit: false, // our own limits answer 413 with the spec's words (upload-form.ts)
    limits: { fileSize: PRODUCT_FILE_MAX_BYTES + 1024 * 1024, files: 3 + PRODUCT_IMAGES_MAX, fields: 20, fieldSize: 64 * 1024, parts: 30 + PRODUCT_IMAGES_MAX },
  });

  // Background tasks run on the same PostgreSQL; every mail is one (platform/tasks.ts, platform/mail.ts).
  const tasks = createTaskRunner({ db: database.db, databaseUrl: database.url, log: app.log });
  const mailTransport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: app.log });
  const mailer = createMailer(database.db, mailTransport, tasks);
  defineWebhookDelivery(tasks, {
    db: database.db,
    mailer,
    allowLocal: webhooksAllowLocal(config),
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_URL,
  });
  app.addHook('onReady', () => tasks.start());
  app.addHook('onClose', async () => {
    await tasks.stop(TASK_DRAIN_MS);
    mailTransport.close();
  });
  const realtime = await createRealtime({ databaseUrl: database.url, pool: database.pool, log: app.log });
  app.addHook('onClose', () => realtime.close());
  const auth = createAuth({
    db: database.db,
    secret: options.authSecret,
    publicUrl: config.PUBLIC_URL,
    brand: config.BRAND_NAME,
    adminEmails: config.ADMIN_EMAILS,
    mailer,
    sessionLifetime: { idleDays: config.SESSION_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS },
    passwords: config.NODE_ENV === 'test' ? testPasswords : undefined,
    onUserCreated: async () => {
      await realtime.publish(PUBLIC_CHANNEL, 'users.count', { count: await publicUserCount(database.db) });
    },
    trustedOrigins: (request) => {
      if (!request) return [config.PUBLIC_URL, ...devOrigins];
      const host = request.headers.get('host') ?? undefined;
      const protocol = new URL(request.url).protocol.replace(':', '');
      return [...requestOrigins({ headers: { host }, protocol }, config.PUBLIC_URL), ...devOrigins];
    },
  });
  const buffers = new BufferedWriters();
  // Deletions through `storage` also update users' storage usage (platform/storage/quota.ts).
  const userFiles = createUserFiles(database.db, await createStorage(config), storageQuotas(config));
  const storage = userFiles.storage;
  const uploadDir = prepareUploadDir(config.DATA_DIR);
  const pageMeta: PageMetaResolver[] = [];
  const storefrontOrigins = new Map<string, string>();
  const mailThrottle = createMailThrottle(counters, {
    perRecipient: config.MAIL_RATE_LIMIT_RECIPIENT,
    perVisitor: config.MAIL_RATE_LIMIT_VISITOR,
    perUser: config.MAIL_RATE_LIMIT_USER,
  });
  // Payments (modules/payments): the provider the config names, what a subscription is for (its subjects),
  // and the orders module told of one-off checkouts. Orders: download links signed with the app's secret,
  // and what paying an order of each kind does.
  const payments: PaymentsWiring = {
    provider: providerFromConfig(config),
    subjects: { membership: membershipSubject, plan: planSubject },
    checkoutSession: handleCheckoutSession,
    dispute: (ctx, dispute) => recordDispute(ctx, dispute),
  };
  const orders: OrdersWiring = {
    downloadLinks: new DownloadLinks(auth.options.secret),
    fulfilments: { products: productsFulfilment, invoice: invoiceFulfilment },
  };
  const ctx: AppContext = { config, database, auth, mailer, tasks, mailThrottle, realtime, buffers, fastPaths, storage, userFiles, uploadDir, pageMeta, storefrontOrigins, counters, wrongPasswords: createWrongPasswordLimit(app, auth), discountTries: createDiscountTriesLimit(app, config.DISCOUNT_RATE_LIMIT_MAX), redis, metrics, payments, orders, securityHeaders: headers, redirectHeaders: redirectSecurityHeaders({ hsts: usesHsts(config) }), clock: options.clock ?? systemClock };
  registerOperationalGauges(ctx);
  app.decorate('zerri', ctx);
  // Work on a timer, on the shared queue: one instance runs each at a time (decision 015). What only
  // concerns one instance keeps a local timer or runs at start: buffered clicks, leftover temp files.
  tasks.every('orders.expire', 10 * MINUTE_MS, () => expirePendingOrders(ctx));
  tasks.every('auth.purge', 60 * MINUTE_MS, () => purgeExpiredAuthRows(database.db));
  tasks.every('webhooks.purge', 60 * MINUTE_MS, async () => {
    await purgeDeliveryLog(database.db);
    await purgeStripeEvents(database.db);
  });
  tasks.every('tasks.purge', 60 * MINUTE_MS, () => purgeFailedTasks(database.db));
  tasks.every('notifications.purge', 60 * MINUTE_MS, () => purgeOldNotifications(database.db));
  tasks.every('memberships.cycle', 10 * MINUTE_MS, () => runMembershipCycle(ctx));
  tasks.every('plans.cycle', 10 * MINUTE_MS, () => runPlanCycle(ctx));
  tasks.every('notifications.digest', 24 * 60 * MINUTE_MS, () => sendDigests(ctx));
  tasks.every(TEST_ACCOUNT_PAYOUTS_TASK, 24 * 60 * MINUTE_MS, () => payOutTestAccounts(ctx));
  defineCheckoutReminders(ctx);
  defineTransfers(ctx);

  // Before every route: a team member's request on an owner's store (modules/teams, decision 023).
  registerTeamActing(app, ctx);
  await app.register(opsRoutes, { ctx });
  if (!config.isProduction || config.API_DOCS_ENABLED) await app.register(docsRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(siteRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(adminManagementRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  app.addHook('onRequest', storefrontProductGuard(database.db));
  await app.register(domainRoutes, { ctx });
  await app.register(linkRoutes, { ctx });
  await app.register(creatorPageRoutes, { ctx });
  await app.register(newsletterRoutes, { ctx });
  await app.register(audienceRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(productContactRoutes, { ctx });
  await app.register(aiRoutes, { ctx });
  await app.register(planRoutes, { ctx });
  await app.register(designRoutes, { ctx });
  await app.register(jobRoutes, { ctx });
  await app.register(communityRoutes, { ctx });
  await app.register(productReviewRoutes, { ctx });
  await app.register(productVersionRoutes, { ctx });
  await app.register(paymentsRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(discountRoutes, { ctx });
  await app.register(libraryRoutes, { ctx });
  await app.register(receiptRoutes, { ctx });
  await app.register(embedRoutes, { ctx });
  await app.register(membershipRoutes, { ctx });
  await app.register(salesRoutes, { ctx });
  await app.register(licenseRoutes, { ctx });
  await app.register(affiliateRoutes, { ctx });
  await app.register(invoiceRoutes, { ctx });
  await app.register(payoutRoutes, { ctx });
  await app.register(onboardingRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });
  await app.register(customerRoutes, { ctx });
  await app.register(adminTransactionRoutes, { ctx });
  await app.register(adminTaskRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(conversationRoutes, { ctx });
  await app.register(teamRoutes, { ctx });

  if (options.serveWeb) {
    const isBot = (userAgent: string) => !classifyVisitor(userAgent).counted;
    const publicFooter = async () => {
      const content = await getSiteContent(database.db);
      return { socialLinks: content.socialLinks, testimonialsShown: content.testimonials.shown };
    };
    await serveWebApp(app, { pageMeta, storefrontOrigins, brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL, isBot, folder: options.webFolder, publicFooter });
  }
  else app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
  return app;
}

/** Gauges read when Prometheus scrapes: this instance's unwritten clicks, and sales (from the database, the same on every instance). */
function registerOperationalGauges(ctx: AppContext) {
  const { metrics, buffers, database } = ctx;
  metrics.gauge('zerri_unflushed_clicks', 'Short-link clicks counted in memory and not yet written to the database.', () =>
    buffers.pending().reduce((sum, buffer) => sum + (buffer.name === 'clicks' ? buffer.count : 0), 0),
  );
  const salesTotals = async () => {
    const { rows } = await database.db.execute<{ n: string; cents: string }>(
      sql`SELECT count(*)::text AS n, coalesce(sum(amount_cents - refunded_cents), 0)::text AS cents FROM sales WHERE status = 'completed'`,
    );
    return rows[0] ?? { n: '0', cents: '0' };
  };
  metrics.gauge('zerri_sales_completed', 'Completed sales on the platform.', async () => Number((await salesTotals()).n));
  metrics.gauge('zerri_sales_amount_cents', 'Amount the completed sales keep (less partial refunds), in cents.', async () => Number((await salesTotals()).cents));
}

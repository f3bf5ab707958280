import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINK_MESSAGES, normalizeDomain } from '#shared/links.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { createRateLimiter } from '../../platform/rate-limiter.ts';
import { getSessionUser, requireRole, requireUser } from '../../platform/session.ts';
import { Blocklist } from './blocklist.ts';
import { ClickBuffer } from './click-buffer.ts';
import {
  addBlockedDomain,
  deleteUserLink,
  getLinkStats,
  getShortLinkByCode,
  listBlockedDomains,
  listUserLinks,
  removeBlockedDomain,
} from './queries.ts';
import { RedirectCache, type CachedLink } from './redirect-cache.ts';
import { lastDays, shortenLink, summarizeStats, toLinkResponse } from './service.ts';
import { referrerHost } from './user-agent.ts';
import { classifyVisitor, today, visitHeaders } from './visitor.ts';

/** Cross-instance notices on a channel no browser subscribes to. */
export const INTERNAL_CHANNEL = 'internal:links';
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function linkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, pool } = ctx.database;
  const origin = ctx.config.PUBLIC_URL;
  const cache = new RedirectCache(db, ctx.securityHeaders);
  const blocklist = new Blocklist(db);
  await blocklist.reload();
  const clicks = new ClickBuffer(pool, (links) => {
    for (const link of links) {
      if (link.userId) void ctx.realtime.publish(userChannel(link.userId), 'links.clicked', { code: link.code, clicks: link.clicks });
    }
  });
  clicks.start();
  ctx.buffers.add(() => clicks.flush(), { name: 'clicks', count: () => clicks.pendingTotal() });
  const unsubscribe = ctx.realtime.subscribe([INTERNAL_CHANNEL], (event) => {
    if (event.type === 'link.removed') cache.invalidate(String(event.data));
    if (event.type === 'blocklist.changed') void blocklist.reload();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await clicks.stop();
  });
  const anonymousLimiter = createRateLimiter({ name: 'links', max: ctx.config.LINK_RATE_LIMIT_MAX, windowMs: 60_000, store: ctx.rateLimits });
  const ownHosts = (request: FastifyRequest) => [new URL(origin).host, ...(request.headers.host ? [request.headers.host] : [])];
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const countVisit = (linkId: number, method: string | undefined, userAgent = '', referer?: string) => {
    if (method !== 'GET') return;
    const visitor = classifyVisitor(userAgent);
    if (visitor.counted) {
      clicks.record(linkId, { day: today(), referrer: referrerHost(referer), browser: visitor.browser, device: visitor.device });
    }
  };
  const isRedirectable = (link: CachedLink | undefined): link is CachedLink => !!link && !(link.host && blocklist.match(link.host));

  // The hot path: a cached code is answered before Fastify routing, with the same headers.
  ctx.fastPaths.push((request, response) => {
    const url = request.url ?? '';
    if (!url.startsWith('/z/') || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const query = url.indexOf('?');
    const link = cache.peek(query < 0 ? url.slice(3) : url.slice(3, query));
    if (!isRedirectable(link)) return false;
    if (request.method === 'GET') {
      const { userAgent, referer } = visitHeaders(request.rawHeaders);
      countVisit(link.id, 'GET', userAgent, referer);
    }
    response.writeHead(302, link.redirectHeaders);
    response.end();
    ctx.metrics.countRedirect();
    return true;
  });

  // The same redirect through Fastify, for codes not cached yet; unknown codes get the redirect screen.
  app.get<{ Params: { code: string } }>('/z/:code', { logLevel: 'warn' }, async (request, reply) => {
    const { code } = request.params;
    const link = CODE_PATTERN.test(code) ? await cache.get(code) : undefined;
    if (!isRedirectable(link)) return reply.callNotFound();
    countVisit(link.id, request.method, request.headers['user-agent'], request.headers.referer);
    reply.header('Cache-Control', 'private, no-store');
    return reply.redirect(link.url, 302);
  });

  typed.post(
    '/api/links',
    { schema: { body: z.object({ url: z.string().max(20_000).default(''), code: z.string().max(1000).optional() }) } },
    async (request, reply) => {
      const user = await getSessionUser(ctx.auth, request);
      if (!user) {
        const limit = await anonymousLimiter.hit(request.ip);
        if (!limit.allowed) {
          reply.header('Retry-After', String(limit.retryAfterSeconds));
          throw new AppError(
            429,
            'rate_limited',
            `You have created many links in a short time. Please wait ${limit.retryAfterSeconds} seconds, or log in to create more.`,
          );
        }
      }
      const row = await shortenLink(db, blocklist, {
        url: request.body.url,
        code: request.body.code,
        userId: user?.id ?? null,
        ownHosts: ownHosts(request),
      });
      return reply.status(201).send(toLinkResponse(row, origin));
    },
  );

  app.get('/api/links/', async () => {
    throw new BadRequestError(LINK_MESSAGES.checkRequired, 'code_required');
  });

  typed.get(
    '/api/links',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          q: z.string().max(200).optional(),
          sort: z.enum(['date', 'clicks']).default('date'),
        }),
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { page, pageSize, q, sort } = request.query;
      const { rows, total } = await listUserLinks(db, user.id, { page, pageSize, search: q, sort });
      return { items: rows.map((row) => toLinkResponse(row, origin, clicks.pendingClicks(row.id))), total, page, pageSize };
    },
  );

  typed.get('/api/links/:code', { schema: { params: z.object({ code: z.string() }) } }, async (request) => {
    const row = await findLink(request.params.code);
    const { code, url, clicks: count, createdAt } = toLinkResponse(row, origin, clicks.pendingClicks(row.id));
    return { code, url, clicks: count, createdAt };
  });

  typed.get('/api/links/:code/stats', { schema: { params: z.object({ code: z.string() }) } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const row = await findLink(request.params.code);
    if (row.userId !== user.id) throw new NotFoundError(LINK_MESSAGES.notFound(row.shortCode), 'link_not_found', LINK_MESSAGES.notFoundTitle);
    const days = lastDays(30);
    const stats = summarizeStats(await getLinkStats(db, row.id, days[0]!), days);
    return { ...toLinkResponse(row, origin, clicks.pendingClicks(row.id)), ...stats };
  });

  typed.delete('/api/links/:code', { schema: { params: z.object({ code: z.string() }) } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const code = request.params.code.trim();
    if (!(await deleteUserLink(db, user.id, code))) {
      throw new NotFoundError(LINK_MESSAGES.notFound(code), 'link_not_found', LINK_MESSAGES.notFoundTitle);
    }
    cache.invalidate(code);
    await ctx.realtime.publish(INTERNAL_CHANNEL, 'link.removed', code);
    return reply.status(204).send();
  });

  // The admins' domain blocklist: blocked domains are refused for new links and stop redirecting.
  typed.get('/api/admin/blocked-domains', async (request) => {
    await requireRole(ctx.auth, request, 'admin');
    return { items: await listBlockedDomains(db) };
  });

  typed.post(
    '/api/admin/blocked-domains',
    { schema: { body: z.object({ domain: z.string().max(300) }) } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      const domain = normalizeDomain(request.body.domain);
      if (!domain) throw new BadRequestError('Please enter a domain such as example.com.', 'invalid_domain');
      await db.transaction(async (tx) => {
        await addBlockedDomain(tx, domain, admin.id);
        await recordAdminAction(tx, admin, 'domain.blocked', { type: 'domain', id: domain });
      });
      await blocklist.reload();
      await ctx.realtime.publish(INTERNAL_CHANNEL, 'blocklist.changed');
      return reply.status(201).send({ domain });
    },
  );

  typed.delete(
    '/api/admin/blocked-domains/:domain',
    { schema: { params: z.object({ domain: z.string().max(300) }) } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      const domain = request.params.domain.toLowerCase();
      const removed = await db.transaction(async (tx) => {
        if (!(await removeBlockedDomain(tx, domain))) return false;
        await recordAdminAction(tx, admin, 'domain.unblocked', { type: 'domain', id: domain });
        return true;
      });
      if (!removed) throw new NotFoundError('That domain is not blocked.');
      await blocklist.reload();
      await ctx.realtime.publish(INTERNAL_CHANNEL, 'blocklist.changed');
      return reply.status(204).send();
    },
  );

  async function findLink(rawCode: string) {
    const code = rawCode.trim();
    if (!code) throw new BadRequestError(LINK_MESSAGES.checkRequired, 'code_required');
    const row = CODE_PATTERN.test(code) ? await getShortLinkByCode(db, code) : undefined;
    if (!row) throw new NotFoundError(LINK_MESSAGES.notFound(code), 'link_not_found', LINK_MESSAGES.notFoundTitle);
    return row;
  }
}

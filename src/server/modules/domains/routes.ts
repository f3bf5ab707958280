import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOMAIN_MESSAGES, DOMAINS_INTERNAL_CHANNEL, domainFormSchema, normalizeHostname } from '#shared/domains.ts';
import { domainAllowedSchema, domainSchema, domainsSchema, domainRemovedSchema } from '#shared/domains-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { hostName, markLinkDomain, markStorefrontDomain, rawHost, storefrontDomainOwner } from '../../platform/hosts.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { requireUser } from '../../platform/session.ts';
import { accountPlan, productOwner } from './queries.ts';
import { addDomain, checkDueDomains, domainsDeps, isServedDomain, listDomains, loadServedDomains, removeDomain, storefrontOriginsOf, verifyDomain, type ServedDomain } from './service.ts';

const idParams = z.object({ id: z.uuid(DOMAIN_MESSAGES.notFound) });
const CODE_PATH = /^\/([A-Za-z0-9_-]{1,64})$/;
/** Probes by address (load balancers, Prometheus) answer on any host. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const CHECK_EVERY_MS = 5 * 60_000;
const RELOAD_EVERY_MS = 60_000;

function plainNotFound(response: ServerResponse, headers: Readonly<Record<string, string>>) {
  response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end('Not found');
}

/**
 * Where a page of a storefront domain goes: served here (its own store, its products, cart and
 * checkout, the embed's pages, the app's files and API), or to the main host (sign-in, dashboards, other stores).
 */
function storefrontPath(pathname: string, domain: ServedDomain): 'serve' | 'home' | 'main' {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/api/') || pathname.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(pathname)) return 'serve';
  if (pathname === '/cart' || pathname === '/checkout' || /^\/checkout\/[^/]+$/.test(pathname) || /^\/store\/product\/[^/]+$/.test(pathname)) return 'serve';
  // The embed's pages (decision 032): /embed.js loaded from this host frames them from this host.
  if (/^\/embed\/(?:product|receipt)\/[^/]+$/.test(pathname)) return 'serve';
  const store = /^\/store\/(?:creator\/)?([^/]+)$/.exec(pathname)?.[1];
  if (store && (store === domain.slug || store === domain.userId)) return 'serve';
  const page = /^\/@([^/]+)(?:\/go\/[^/]+)?$/.exec(pathname)?.[1];
  if (page && page === domain.slug) return 'serve';
  return 'main';
}

/**
 * A storefront domain's product pages are its owner's products only: an onRequest hook of the root
 * instance (app.ts), so it also sees the web app's pages.
 */
export function storefrontProductGuard(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const owner = storefrontDomainOwner(request.raw);
    if (owner === undefined) return;
    const productId = /^\/(?:store|embed)\/product\/([^/?]+)/.exec(request.url)?.[1];
    if (productId && (await productOwner(db, decodeURIComponent(productId)).catch(() => undefined)) !== owner) {
      return reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send('Not found');
    }
  };
}

/** Creators' own domains: adding and checking them, Caddy's `ask`, and serving requests by Host. */
export async function domainRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { config } = ctx;
  const deps = domainsDeps(ctx);
  const { ownHosts } = deps;

  let served = new Map<string, ServedDomain>();
  // One reload at a time, and one more when asked during it: two overlapping reads could finish in
  // the wrong order and leave a domain verified a moment ago unserved until the next minute.
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;
  const reload = (): Promise<void> => {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        served = await loadServedDomains(db);
        const origins = storefrontOriginsOf(served, config.PUBLIC_URL);
        ctx.storefrontOrigins.clear();
        for (const [userId, origin] of origins) ctx.storefrontOrigins.set(userId, origin);
      } while (reloadAgain);
    })().finally(() => {
      reloading = undefined;
    });
    return reloading;
  };
  await reload();
  const unsubscribe = ctx.realtime.subscribe([DOMAINS_INTERNAL_CHANNEL], () => {
    void reload().catch((error: unknown) => app.log.warn({ err: error }, 'could not reload the domains'));
  });
  // A missed announcement (a lost listener connection) heals within a minute.
  const timer = setInterval(() => void reload().catch(() => {}), RELOAD_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
  });
  ctx.tasks.every('domains.check', CHECK_EVERY_MS, () => checkDueDomains(deps));

  // Before every other fast path: requests for this deployment's hosts pass with one lookup; a
  // creator's verified domain serves that creator only; any other host gets a plain 404.
  ctx.fastPaths.unshift((request: IncomingMessage, response: ServerResponse) => {
    const host = hostName(rawHost(request.rawHeaders));
    if (host === undefined || ownHosts.has(host)) return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    if (PROBE_PATHS.has(pathname)) return false;
    const domain = served.get(host);
    if (!domain) {
      plainNotFound(response, ctx.securityHeaders);
      return true;
    }
    if (domain.purpose === 'links') {
      const code = CODE_PATH.exec(pathname)?.[1];
      if (!code || (request.method !== 'GET' && request.method !== 'HEAD')) {
        plainNotFound(response, ctx.securityHeaders);
        return true;
      }
      // On to the links' redirect, which serves only the codes on this domain.
      markLinkDomain(request, { id: domain.id, hostname: host });
      request.url = `/z/${code}${query < 0 ? '' : url.slice(query)}`;
      return false;
    }
    const where = storefrontPath(pathname, domain);
    if (where === 'serve') {
      markStorefrontDomain(request, domain.userId);
      return false;
    }
    const home = domain.pageHome && domain.slug ? `/@${encodeURIComponent(domain.slug)}` : `/store/${encodeURIComponent(domain.slug ?? domain.userId)}`;
    const location = where === 'home' ? home : `${config.PUBLIC_URL}${url}`;
    response.writeHead(302, { ...ctx.redirectHeaders, Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
    response.end();
    return true;
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/domains', { schema: { response: { 200: domainsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return listDomains(deps, user.id, await accountPlan(db, user.id));
  });

  typed.post('/api/domains', { schema: { body: domainFormSchema, response: { 201: domainSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    return reply.status(201).send(await addDomain(deps, user.id, request.body));
  });

  // "Check now" asks DNS servers: a few times a minute per client.
  typed.post(
    '/api/domains/:id/verify',
    {
      schema: { params: idParams, response: { 200: domainSchema } },
      config: { rateLimit: requestLimit({ max: 10, message: DOMAIN_MESSAGES.checksRateLimited }) },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return verifyDomain(deps, user.id, request.params.id);
    },
  );

  typed.delete('/api/domains/:id', { schema: { params: idParams, response: { 204: domainRemovedSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await removeDomain(deps, user.id, request.params.id);
    return reply.status(204).send(null);
  });

  // Caddy's on-demand TLS asks before getting a certificate: yes only for a served domain (verified, within its account's plan).
  typed.get('/api/domains/allowed', { schema: { querystring: z.object({ domain: z.string().max(300).default('') }), response: { 200: domainAllowedSchema } } }, async (request) => {
    const hostname = normalizeHostname(request.query.domain);
    if (!hostname || !(await isServedDomain(db, hostname))) throw new NotFoundError(DOMAIN_MESSAGES.notFound, 'domain_not_found');
    return { domain: hostname };
  });
}

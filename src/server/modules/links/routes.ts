import { verifyPassword } from 'better-auth/crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymousLinkLimitMessage, LINK_MESSAGES, LINK_REPORT_STATUSES, linkReportLimitMessage, shortUrl, LINK_TAG_COLORS, LINK_TAG_NAME_MAX, LINK_TAGS_PER_USER_MAX, LINKS_CLICKED_CHUNK, LINKS_INTERNAL_CHANNEL, type LinkTagColor } from '#shared/links.ts';
import { csvLine } from '#shared/csv.ts';
import {
  blockedDomainAddedSchema,
  blockedDomainsSchema,
  emptyCodeSchema,
  linkCreateSchema,
  linkAddressSchema,
  linkDetailsSchema,
  linkDomainsSchema,
  linkImportReportSchema,
  linkReportedSchema,
  linkReportInputSchema,
  linkReportSchema,
  linkReportsPageSchema,
  linkStatsQuerySchema,
  linkStatsSchema,
  linkTagInputSchema,
  linkTagSchema,
  linkTagsSchema,
  linkTagUpdateSchema,
  linkUnlockedSchema,
  linkUpdateSchema,
  myLinksPageSchema,
  noContentSchema,
  shortLinkSchema,
} from '#shared/links-api.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { hitLimit, rateLimitError, requestLimit } from '../../platform/rate-limits.ts';
import { linkDomainOf } from '../../platform/hosts.ts';
import { getSessionUser, requireRole, requireUser } from '../../platform/session.ts';
import { appBlocklist } from '../../platform/blocklist.ts';
import { ClickBuffer, type FlushedLink } from './click-buffer.ts';
import { clientAddress, countryLookup } from './geo.ts';
import {
  countTags,
  deleteTag,
  getLinkStats,
  getShortLinkByCode,
  insertTag,
  listBlockedDomains,
  listTags,
  domainHosts,
  listUserLinks,
  purgeOrphanVisits,
  tagsOfLinks,
  userLinksDomains,
  updateTag,
} from './queries.ts';
import { LinkIndex } from './link-index.ts';
import { chooseDestination, RedirectCache, type CachedLink, type Destination, type LinkPreview } from './redirect-cache.ts';
import { passGuard } from './guard.ts';
import { previewPage } from './preview-page.ts';
import { importLinksFromRequest } from './import.ts';
import { linkReports } from './reports.ts';
import {
  addressedDomain,
  assertPublicDetails,
  CODE_PATTERN,
  createLink,
  findOwnLink,
  deleteLink,
  domainBlocklist,
  daysBetween,
  destinationHidden,
  lastDays,
  linkNotFound,
  summarizeStats,
  toBlockedDomain,
  toLinkResponse,
  updateLink,
} from './service.ts';
import { referrerHost } from './user-agent.ts';
import { linkFunnel } from './funnel.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { classifyVisitor, today, visitHeaders } from './visitor.ts';

/** What a bot is shown of a guarded link without a preview of its own: the site's name as its title. */
const NO_PREVIEW: LinkPreview = { title: null, description: null, imageUrl: null };
/** How often visits of deleted links are looked for (purgeOrphanVisits). */
const PURGE_EVERY_MS = 24 * 60 * 60_000;
/** The longest an instance waits for its links index before it answers (decision 004). */
const INDEX_WAIT_MS = 30_000;

export async function linkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, pool } = ctx.database;
  const origin = ctx.config.PUBLIC_URL;
  const cache = new RedirectCache(db, ctx.redirectHeaders, new URL(origin).origin);
  const blocklist = await appBlocklist(ctx);
  const domains = domainBlocklist({ db, blocklist, realtime: ctx.realtime });
  const trustProxy = ctx.config.TRUST_PROXY;
  const countries = countryLookup();
  const clicks = new ClickBuffer(
    pool,
    (links) => {
      // One event per owner and chunk, not per link: a creator's many links clicked in a second are a few notices.
      const byOwner = new Map<string, FlushedLink[]>();
      for (const link of links) {
        const owned = byOwner.get(link.userId);
        if (owned) owned.push(link);
        else byOwner.set(link.userId, [link]);
      }
      for (const [userId, owned] of byOwner) {
        for (let start = 0; start < owned.length; start += LINKS_CLICKED_CHUNK) {
          const chunk = owned.slice(start, start + LINKS_CLICKED_CHUNK).map(({ id, code, clicks }) => ({ id, code, clicks }));
          void ctx.realtime.publish(userChannel(userId), 'links.clicked', { links: chunk });
        }
      }
    },
    { whenReady: () => countries.whenReady(), country: (ip) => countries.country(ip) },
  );
  clicks.start(ctx.config.CLICK_FLUSH_MS);
  ctx.buffers.add(() => clicks.flush(), { name: 'clicks', count: () => clicks.pendingTotal() });
  ctx.tasks.every('links.purge', PURGE_EVERY_MS, () => purgeOrphanVisits(db));
  // `link.removed` names a link by its cache key (linkCacheKey: the code, or "<domain id>/<code>").
  const unsubscribe = ctx.realtime.subscribe([LINKS_INTERNAL_CHANNEL], (event) => {
    if (event.type === 'link.removed') cache.invalidate(String(event.data));
    if (event.type === 'links.owner-removed') cache.forgetOwner(String(event.data));
  });
  // Every plain link in memory (link-index.ts), read from the start, and again when the notices'
  // connection was lost (a change heard by no one). Until read, a link takes the checked route.
  let index = new LinkIndex();
  let indexing = Promise.resolve();
  const readIndex = () => {
    index.stop();
    index = new LinkIndex();
    cache.useIndex(index);
    const reading = index;
    indexing = indexing.then(() =>
      reading.load(pool, cache.locate).catch((error: unknown) => app.log.error({ err: error }, 'links index not read in full: the links left out are read one at a time')),
    );
  };
  readIndex();
  // The instance answers once the index is read (a million links take a few seconds), so that from its
  // first request every link is redirected from memory; after INDEX_WAIT_MS it answers anyway and
  // reads the rest meanwhile (decision 004).
  app.addHook('onReady', async () => {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([indexing, new Promise((resolve) => (waited = setTimeout(resolve, INDEX_WAIT_MS)))]);
    clearTimeout(waited);
  });
  ctx.metrics.gauge('zerri_links_index_links', 'Plain links read into memory for redirects without a query (removed ones included until the next read).', () => index.size);
  ctx.metrics.gauge('zerri_links_index_loaded', '1 once every plain link has been read into memory.', () => (index.loaded ? 1 : 0));
  const stopReconnectRead = ctx.realtime.onReconnect(readIndex);
  app.addHook('onClose', async () => {
    unsubscribe();
    stopReconnectRead();
    index.stop();
    await indexing;
    await clicks.stop();
  });
  // Signed-out visitors may create only so many links a minute; signed-in users are not limited here.
  const anonymousCreationLimit = requestLimit({
    max: ctx.config.LINK_RATE_LIMIT_MAX,
    message: anonymousLinkLimitMessage,
    allowList: async (request) => !!(await getSessionUser(ctx.auth, request)),
  });
  const ownHosts = (request: FastifyRequest) => [new URL(origin).host, ...(request.headers.host ? [request.headers.host] : [])];
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const countVisit = (linkId: number, method: string | undefined, userAgent = '', referer: string | undefined, ip: string | undefined, increment = 1) => {
    if (method !== 'GET') return;
    const visitor = classifyVisitor(userAgent);
    if (visitor.counted) {
      const details = { day: today(), referrer: referrerHost(referer), browser: visitor.browser, device: visitor.device, os: visitor.os, ip: ip ?? '' };
      clicks.record(linkId, details, increment);
    }
  };
  /** Where this visitor goes (targeting); waits for the country database when a country rule needs it. */
  const destinationFor = async (link: CachedLink, request: FastifyRequest): Promise<Destination> => {
    const userAgent = request.headers['user-agent'] ?? '';
    const chosen = chooseDestination(link, userAgent, () => countries.country(request.ip));
    if (chosen) return chosen;
    await countries.whenReady();
    return chooseDestination(link, userAgent, () => countries.country(request.ip) ?? '--')!;
  };
  /**
   * Where a visit goes: the destination (its click counted), the password page, or after the
   * link's end its address after expiry (null: the not-found screen), or for a guarded link's visit that
   * does not count (a bot, HEAD) 'hidden': the preview page without the destination. An unlock (a POST)
   * is a visit too, and counts.
   */
  const follow = async (link: CachedLink, request: FastifyRequest, unlocked = false): Promise<{ url: string | null; setCookie?: string } | 'password' | 'hidden'> => {
    const { headers } = request;
    const method = unlocked ? 'GET' : request.method;
    const visit = (increment?: number) => countVisit(link.id, method, headers['user-agent'], headers.referer, request.ip, increment);
    const destination = async () => {
      const chosen = await destinationFor(link, request);
      return chosen.host && blocklist.match(chosen.host) ? { url: null } : { url: chosen.url, setCookie: chosen.setCookie };
    };
    if (!link.guard) {
      visit();
      return destination();
    }
    // A guarded link tells where it goes only to a visit that follows it: a person's GET, or the right
    // password; it takes one of the clicks left. Bots, curl-like agents and HEAD learn nothing ('hidden').
    const counted = unlocked || (method === 'GET' && classifyVisitor(headers['user-agent'] ?? '').counted);
    const outcome = await passGuard(db, link.id, link.guard, { counted, unlocked });
    if (outcome === 'password') return 'password';
    if (outcome === 'expired') return { url: link.guard.expiredUrl };
    if (!counted) return 'hidden';
    visit(outcome === 'counted' ? 0 : 1);
    return destination();
  };
  const isRedirectable = (link: CachedLink | undefined): link is CachedLink => !!link && !(link.host && blocklist.match(link.host));

  // The hot path: a cached code is answered before Fastify routing, with the same headers. A link
  // without targeting looks at nothing more; one with it picks its destination from the cached rules.
  ctx.fastPaths.push((request, response) => {
    const url = request.url ?? '';
    if (!url.startsWith('/z/') || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const query = url.indexOf('?');
    // On the main host the code's own entry; through a links domain (marked by the domains fast
    // path) the entry of the code on that domain.
    const link = cache.peek(query < 0 ? url.slice(3) : url.slice(3, query), linkDomainOf(request)?.id);
    if (!isRedirectable(link) || link.guard) return false;
    const { userAgent, referer, forwardedFor } = visitHeaders(request.rawHeaders);
    // A link with a preview: bots get its preview page from the checked route; people are redirected here.
    if (link.preview && !classifyVisitor(userAgent).counted) return false;
    const ip = clientAddress(forwardedFor, request.socket.remoteAddress, trustProxy);
    let destination: Destination = link;
    if (link.targets) {
      const chosen = chooseDestination(link, userAgent, () => countries.country(ip));
      // The country database still loading, or a blocked destination: the checked route decides.
      if (!chosen || (chosen.host && blocklist.match(chosen.host))) return false;
      destination = chosen;
    }
    if (request.method === 'GET') countVisit(link.id, 'GET', userAgent, referer, ip);
    response.writeHead(302, destination.redirectHeaders);
    response.end();
    ctx.metrics.countRedirect();
    return true;
  });

  /** The small page of a link's title and image for link-preview bots (preview-page.ts); `destination` null: not told. */
  const sendPreview = (reply: FastifyReply, link: CachedLink, preview: LinkPreview, host: string | null, destination: string | null) => {
    const html = previewPage(preview, { shortUrl: shortUrl(origin, link.code, host), destination, siteName: ctx.config.BRAND_NAME });
    return reply.header('Cache-Control', 'private, no-store').type('text/html; charset=utf-8').send(html);
  };
  /**
   * A visit through Fastify: a link-preview bot gets the preview, people the redirect; unknown and
   * ended links the redirect screen, a password the app's password page (the app's not-found).
   */
  const visit = async (link: CachedLink | undefined, request: FastifyRequest, reply: FastifyReply, host: string | null) => {
    if (!isRedirectable(link)) return reply.callNotFound();
    if (link.preview && !classifyVisitor(request.headers['user-agent'] ?? '').counted) {
      // A link-preview bot: the owner's preview, unless the link has ended; never where a password link goes.
      const outcome = link.guard ? await passGuard(db, link.id, link.guard, { counted: false, unlocked: false }) : 'open';
      if (outcome === 'expired') return reply.callNotFound();
      // A password, an expiry or a click limit: the title and image only, never where it goes (a bot's
      // visit takes no click, so it is told nothing a click would tell).
      return sendPreview(reply, link, link.preview, host, link.guard ? null : (await destinationFor(link, request)).url);
    }
    const outcome = await follow(link, request);
    if (outcome === 'hidden') return sendPreview(reply, link, link.preview ?? NO_PREVIEW, host, null);
    if (outcome === 'password' || outcome.url === null) return reply.callNotFound();
    reply.header('Cache-Control', 'private, no-store');
    if (outcome.setCookie) reply.header('Set-Cookie', outcome.setCookie);
    return reply.redirect(outcome.url, 302);
  };
  /** A verified links domain by host name (public pages: a domain not served has no links to show). */
  const servedDomain = async (host: string | undefined) => {
    const domain = await addressedDomain(db, host);
    return domain && !domain.verified ? undefined : domain;
  };

  // The same redirect through Fastify, for codes not cached yet and links with a password or an
  // expiry; unknown and expired codes get the redirect screen, a password the app's password page.
  app.get<{ Params: { code: string } }>('/z/:code', { logLevel: 'warn' }, async (request, reply) => {
    const { code } = request.params;
    const domain = linkDomainOf(request.raw);
    const link = CODE_PATTERN.test(code) ? await cache.get(code, domain?.id ?? null) : undefined;
    if (domain) {
      // Through a creator's links domain: the codes on that domain only, and no app page on that
      // host; a password or an expiry is handled by the main host's pages for this domain's code.
      if (!isRedirectable(link)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (link.guard) return reply.header('Cache-Control', 'no-store').redirect(`${origin}/z/${domain.hostname}/${code}`, 302);
    }
    return visit(link, request, reply, domain?.hostname ?? null);
  });

  // A links domain's code on the main host (/z/go.example.com/abc): where its password and expiry
  // pages live, as the main host's own /z/abc may be another link.
  app.get<{ Params: { host: string; code: string } }>('/z/:host/:code', { logLevel: 'warn' }, async (request, reply) => {
    const { host, code } = request.params;
    const domain = linkDomainOf(request.raw) ? undefined : await servedDomain(host);
    const link = domain && CODE_PATTERN.test(code) ? await cache.get(code, domain.id) : undefined;
    return visit(link, request, reply, domain?.hostname ?? null);
  });

  // The password page's form (and API clients): the right password answers where to go.
  const wrongLinkPasswords = app.createRateLimit({
    max: ctx.config.LINK_PASSWORD_ATTEMPTS_MAX,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `link-password:${request.ip}:${(request.params as { code?: string }).code ?? ''}`,
  });
  const tooManyWrongPasswords = rateLimitError(LINK_MESSAGES.passwordTooManyTries, undefined, 'password_too_many_tries');
  typed.post(
    '/api/links/:code/unlock',
    {
      schema: {
        params: z.object({ code: z.string() }),
        querystring: linkAddressSchema,
        body: z.object({ password: z.string().max(1000).default('') }),
        response: { 200: linkUnlockedSchema },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const domain = await servedDomain(request.query.domain);
      const link = domain !== undefined && CODE_PATTERN.test(code) ? await cache.get(code, domain?.id ?? null) : undefined;
      if (!isRedirectable(link)) throw linkNotFound(code);
      const hash = link.guard?.passwordHash;
      if (hash) {
        if (!request.body.password) throw new BadRequestError(LINK_MESSAGES.passwordEmpty, 'password_empty');
        await hitLimit(wrongLinkPasswords, request, tooManyWrongPasswords, { increment: false });
        if (!(await verifyPassword({ hash, password: request.body.password }))) {
          await hitLimit(wrongLinkPasswords, request, tooManyWrongPasswords);
          throw new ForbiddenError(LINK_MESSAGES.passwordWrong, 'password_wrong');
        }
      }
      const outcome = await follow(link, request, true);
      if (outcome === 'password' || outcome === 'hidden' || outcome.url === null) throw linkNotFound(code);
      if (outcome.setCookie) reply.header('Set-Cookie', outcome.setCookie);
      return { url: outcome.url };
    },
  );

  typed.post(
    '/api/links',
    {
      schema: {
        body: linkCreateSchema,
        response: { 201: shortLinkSchema },
      },
      config: { rateLimit: anonymousCreationLimit },
    },
    async (request, reply) => {
      const user = await getSessionUser(ctx.auth, request);
      const link = await createLink({ db, blocklist, origin }, { ...request.body, userId: user?.id ?? null, ownHosts: ownHosts(request) });
      return reply.status(201).send(link);
    },
  );

  // The check form with an empty code: the spec's message rather than the generic 404 of a missing route.
  typed.get('/api/links/', { schema: { response: { 200: emptyCodeSchema } } }, async () => {
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
          tag: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Only links with this tag (its id).'),
        }),
        response: { 200: myLinksPageSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { page, pageSize, q, sort, tag } = request.query;
      const { rows, total } = await listUserLinks(db, user.id, { page, pageSize, search: q, sort, tagId: tag });
      const tags = await tagsOfLinks(db, rows.map((row) => row.id));
      const hosts = await domainHosts(db, rows.flatMap((row) => (row.domainId === null ? [] : [row.domainId])));
      const items = rows.map((row) => toLinkResponse(row, origin, clicks.pendingClicks(row.id), tags.get(row.id), row.domainId === null ? null : (hosts.get(row.domainId) ?? null)));
      return { items, total, page, pageSize };
    },
  );

  // The verified links domains the account's links may go on (the create and edit forms' choice).
  typed.get('/api/link-domains', { schema: { response: { 200: linkDomainsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await userLinksDomains(db, user.id) };
  });

  typed.get('/api/links/:code', { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, response: { 200: linkDetailsSchema } } }, async (request) => {
    const row = await findLink(request.params.code, request.query.domain);
    assertPublicDetails(row);
    const { code, url, clicks: count, createdAt } = toLinkResponse(row, origin, clicks.pendingClicks(row.id));
    // A link with a click limit or an end date tells where it goes by a visit only (which counts), or to its owner.
    const told = !destinationHidden(row) || (row.userId !== null && (await getSessionUser(ctx.auth, request))?.id === row.userId);
    return { code, url: told ? url : null, clicks: count, createdAt };
  });

  /** The owner's link and the days asked for: 7, 30 (the default) or 90 back from today, or from/to. */
  const statsOf = async (request: FastifyRequest & { params: { code: string }; query: z.infer<typeof linkStatsQuerySchema> }) => {
    const user = await requireUser(ctx.auth, request);
    const row = await findOwnLink(db, user.id, { code: request.params.code, domain: request.query.domain });
    const { days: back, from, to } = request.query;
    const days = from || to ? daysBetween(from ?? lastDays(30)[0]!, to ?? lastDays(1)[0]!) : lastDays(Number(back ?? '30'));
    if (!days) throw new BadRequestError(LINK_MESSAGES.statsRangeInvalid, 'stats_range_invalid');
    return { row, days, rows: await getLinkStats(db, row.id, days[0]!, days.at(-1)!) };
  };
  const statsParams = { params: z.object({ code: z.string() }), querystring: linkStatsQuerySchema };

  typed.get('/api/links/:code/stats', { schema: { ...statsParams, response: { 200: linkStatsSchema } } }, async (request) => {
    const { row, days, rows } = await statsOf(request);
    const from = days[0]!;
    const to = days.at(-1)!;
    const [tags, hosts, funnel, currency] = await Promise.all([
      tagsOfLinks(db, [row.id]),
      row.domainId === null ? undefined : domainHosts(db, [row.domainId]),
      linkFunnel(db, { id: row.id, userId: row.userId! }, from, to),
      storeCurrency(db, row.userId!),
    ]);
    const host = row.domainId === null ? null : (hosts?.get(row.domainId) ?? null);
    return { ...toLinkResponse(row, origin, clicks.pendingClicks(row.id), tags.get(row.id), host), from, to, ...summarizeStats(rows, days), funnel: { ...funnel, currency } };
  });

  // The same days as a CSV file (not JSON: response-contract.test.ts lists it): one row per day and dimension.
  typed.get('/api/links/:code/stats.csv', { schema: statsParams }, async (request, reply) => {
    const { row, days, rows } = await statsOf(request);
    const lines = [csvLine(['day', 'kind', 'value', 'clicks']), ...rows.map((stat) => csvLine([stat.day, stat.kind, stat.value, stat.clicks]))];
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="zerrilink-${row.shortCode}-${days[0]}-${days.at(-1)}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(lines.join(''));
  });

  // The user's link tags, each with a colour.
  const tagParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
  const checkTag = (input: { name?: string; color?: string }) => {
    const name = input.name?.trim();
    if (name !== undefined && (name.length < 1 || name.length > LINK_TAG_NAME_MAX)) throw new BadRequestError(LINK_MESSAGES.tagNameLength, 'tag_name_length');
    if (input.color !== undefined && !(LINK_TAG_COLORS as readonly string[]).includes(input.color)) throw new BadRequestError(LINK_MESSAGES.tagColor, 'tag_color');
    return { ...(name !== undefined ? { name } : {}), ...(input.color !== undefined ? { color: input.color as LinkTagColor } : {}) };
  };
  const tagTaken = (name: string) => new ConflictError(LINK_MESSAGES.tagTaken(name), 'tag_taken', { params: { name } });

  typed.get('/api/link-tags', { schema: { response: { 200: linkTagsSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    return { items: await listTags(db, user.id) };
  });

  typed.post('/api/link-tags', { schema: { body: linkTagInputSchema, response: { 201: linkTagSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const { name, color } = checkTag(request.body) as { name: string; color: LinkTagColor };
    if ((await countTags(db, user.id)) >= LINK_TAGS_PER_USER_MAX) throw new BadRequestError(LINK_MESSAGES.tagsTooMany, 'tags_too_many');
    const tag = await insertTag(db, user.id, name, color);
    if (!tag) throw tagTaken(name);
    return reply.status(201).send(tag);
  });

  typed.patch('/api/link-tags/:id', { schema: { params: tagParams, body: linkTagUpdateSchema, response: { 200: linkTagSchema } } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const values = checkTag(request.body);
    const tag = await updateTag(db, user.id, request.params.id, values);
    if (tag === 'taken') throw tagTaken(values.name!);
    if (!tag) throw new NotFoundError(LINK_MESSAGES.tagNotFound, 'tag_not_found');
    return tag;
  });

  typed.delete('/api/link-tags/:id', { schema: { params: tagParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    if (!(await deleteTag(db, user.id, request.params.id))) throw new NotFoundError(LINK_MESSAGES.tagNotFound, 'tag_not_found');
    return reply.status(204).send(null);
  });

  typed.patch(
    '/api/links/:code',
    { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, body: linkUpdateSchema, response: { 200: shortLinkSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { row, tags, domain } = await updateLink(
        { db, cache, realtime: ctx.realtime, blocklist, flushClicks: () => clicks.flush(), origin },
        { userId: user.id, address: { code: request.params.code, domain: request.query.domain }, changes: request.body, ownHosts: ownHosts(request) },
      );
      return toLinkResponse(row, origin, clicks.pendingClicks(row.id), tags, domain);
    },
  );

  typed.delete('/api/links/:code', { schema: { params: z.object({ code: z.string() }), querystring: linkAddressSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    await deleteLink({ db, cache, realtime: ctx.realtime }, user.id, { code: request.params.code, domain: request.query.domain });
    return reply.status(204).send(null);
  });

  // Bulk import: a CSV file (ours or a Bitly export) as the multipart field `file`; a report per row.
  typed.post(
    '/api/links/import',
    {
      schema: {
        summary: 'Import links from a CSV file',
        description:
          'multipart/form-data with one field `file`: a CSV whose header names the columns `url`, `code` (optional) and `tags` ' +
          '(optional, names separated by `;`), or a Bitly export (`long_url`/"Long URL", `link`/"Bitlink" whose path becomes the code, `tags`). ' +
          'At most 5,000 rows and 16 MB. Each row is checked as POST /api/links checks a link and is created whole (the link with its tags) ' +
          'or refused with a code; rows do not depend on each other. A file that is not CSV, has no url column or too many rows is refused as a whole (400).',
        response: { 200: linkImportReportSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return importLinksFromRequest({ db, blocklist, origin, uploadDir: ctx.uploadDir }, request, { userId: user.id, ownHosts: ownHosts(request) });
    },
  );

  // Visitors report a link (abuse) from the not-found, preview or password screens; no account needed.
  const reports = linkReports({ db, blocklist, cache, realtime: ctx.realtime, domains });
  typed.post(
    '/api/links/:code/report',
    {
      schema: { params: z.object({ code: z.string().max(200) }), querystring: linkAddressSchema, body: linkReportInputSchema, response: { 201: linkReportedSchema } },
      config: {
        rateLimit: {
          max: ctx.config.LINK_REPORT_RATE_LIMIT_MAX,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (request) => `link-report:${request.ip}`,
          errorResponseBuilder: rateLimitError(linkReportLimitMessage, undefined, 'report_too_many'),
        },
      },
    },
    async (request, reply) => {
      const domain = await servedDomain(request.query.domain);
      await reports.report(request.params.code, domain === undefined ? undefined : (domain?.id ?? null), request.body);
      return reply.status(201).send({ received: true as const });
    },
  );

  // The admins' queue of reports, beside the blocklist.
  const reportParams = z.object({ reportId: z.coerce.number().int().min(1).max(2_147_483_647) });
  typed.get(
    '/api/admin/link-reports',
    {
      schema: {
        querystring: z.object({
          status: z.enum(LINK_REPORT_STATUSES).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: linkReportsPageSchema },
      },
    },
    async (request) => {
      await requireRole(ctx.auth, request, 'admin');
      return reports.list(request.query);
    },
  );
  for (const [action, decide] of [
    ['dismiss', reports.dismiss],
    ['disable-link', reports.disableLink],
    ['block-domain', reports.blockDomain],
  ] as const) {
    typed.post(`/api/admin/link-reports/:reportId/${action}`, { schema: { params: reportParams, response: { 200: linkReportSchema } } }, async (request) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      return decide(admin, request.params.reportId);
    });
  }

  // The admins' domain blocklist: blocked domains are refused for new links and stop redirecting.
  typed.get('/api/admin/blocked-domains', { schema: { response: { 200: blockedDomainsSchema } } }, async (request) => {
    await requireRole(ctx.auth, request, 'admin');
    return { items: (await listBlockedDomains(db)).map(toBlockedDomain) };
  });

  typed.post(
    '/api/admin/blocked-domains',
    { schema: { body: z.object({ domain: z.string().max(300) }), response: { 201: blockedDomainAddedSchema } } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      return reply.status(201).send({ domain: await domains.block(admin, request.body.domain) });
    },
  );

  typed.delete(
    '/api/admin/blocked-domains/:domain',
    { schema: { params: z.object({ domain: z.string().max(300) }), response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = await requireRole(ctx.auth, request, 'admin');
      await domains.unblock(admin, request.params.domain);
      return reply.status(204).send(null);
    },
  );

  /** A link by code on this site or on a served links domain, for anyone (the check form, the password page). */
  async function findLink(rawCode: string, host: string | undefined) {
    const code = rawCode.trim();
    if (!code) throw new BadRequestError(LINK_MESSAGES.checkRequired, 'code_required');
    const domain = await servedDomain(host);
    const row = domain !== undefined && CODE_PATTERN.test(code) ? await getShortLinkByCode(db, code, domain?.id ?? null) : undefined;
    if (!row) throw linkNotFound(code);
    return row;
  }
}

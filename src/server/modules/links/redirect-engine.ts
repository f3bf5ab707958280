import { randomBytes } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LINK_MESSAGES, LINKS_CLICKED_CHUNK, LINKS_INTERNAL_CHANNEL, shortUrl } from '#shared/links.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { hitLimit, rateLimitError } from '../../platform/rate-limits.ts';
import { linkDomainOf } from '../../platform/hosts.ts';
import { appBlocklist, type Blocklist } from '../../platform/blocklist.ts';
import { ClickBuffer, type FlushedOwner } from './click-buffer.ts';
import { clientAddress, countryLookup } from './geo.ts';
import { purgeOrphanVisits } from './queries.ts';
import { LinkIndex } from './link-index.ts';
import { chooseDestination, RedirectCache, type CachedLink, type Destination, type LinkPreview } from './redirect-cache.ts';
import { passGuard } from './guard.ts';
import { previewPage } from './preview-page.ts';
import { CODE_PATTERN, linkNotFound, servedDomain } from './service.ts';
import { referrerHost } from './user-agent.ts';
import { classifyVisitor, today, visitHeaders } from './visitor.ts';

// The redirect engine (decision 004): the cache of checked links, the index of every plain link, the
// click buffer, the raw fast path before Fastify, the checked route's follow and visit, and the notices
// that keep every instance's index and cache in step. routes.ts hands it the /z/ requests.

/** What a bot is shown of a guarded link without a preview of its own: the site's name as its title. */
const NO_PREVIEW: LinkPreview = { title: null, description: null, imageUrl: null };
/** How often visits of deleted links are looked for (purgeOrphanVisits). */
const PURGE_EVERY_MS = 24 * 60 * 60_000;
/** The longest an instance waits for its links index before it answers (decision 004). */
const INDEX_WAIT_MS = 30_000;
/** Links made here are announced to the other instances this long after the first of them (one notice for many). */
const ANNOUNCE_MS = 200;
/** A `links.added` notice's ids at most (characters): with its envelope, well under PostgreSQL's 8,000-byte payload. */
const NOTICE_IDS_MAX = 7000;
/** Ids read per query when joining announced links (as the index's load). */
const JOIN_BATCH = 5000;

/** Where a visit goes (follow): the destination and its cookie, the password page, or the preview without the destination. */
type FollowOutcome = { url: string | null; setCookie?: string } | 'password' | 'hidden';

export interface RedirectEngine {
  cache: RedirectCache;
  blocklist: Blocklist;
  /** Clicks of this instance not yet written (live counts add them). */
  pendingClicks(linkId: number): number;
  /** Writes the clicks held in memory (before an edit, which may set a click limit). */
  flushClicks(): Promise<void>;
  /** Links made or edited through the app: into this instance's index at once, announced to the others. */
  joined(ids: number[]): Promise<void>;
  /** GET /z/:code through Fastify: codes not in memory, guarded links, links domains. */
  redirect(request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply): Promise<unknown>;
  /** GET /z/:host/:code: a links domain's code on the main host (its password and expiry pages). */
  redirectDomainCode(request: FastifyRequest<{ Params: { host: string; code: string } }>, reply: FastifyReply): Promise<unknown>;
  /** POST /api/links/:code/unlock: the right password (if any) answers where the link goes, and counts. */
  unlock(request: FastifyRequest, reply: FastifyReply, input: { code: string; domain?: string; password: string }): Promise<{ url: string }>;
}

export async function createRedirectEngine(app: FastifyInstance, ctx: AppContext): Promise<RedirectEngine> {
  const { db, pool } = ctx.database;
  const origin = ctx.config.PUBLIC_URL;
  const cache = new RedirectCache(db, ctx.redirectHeaders, new URL(origin).origin);
  const blocklist = await appBlocklist(ctx);
  const trustProxy = ctx.config.TRUST_PROXY;
  const countries = countryLookup();
  const clicks = new ClickBuffer(pool, (links) => announceClicks(ctx, links), { whenReady: () => countries.whenReady(), country: (ip) => countries.country(ip) });
  clicks.start(ctx.config.CLICK_FLUSH_MS);
  ctx.buffers.add(() => clicks.flush(), { name: 'clicks', count: () => clicks.pendingTotal() });
  ctx.tasks.every('links.purge', PURGE_EVERY_MS, () => purgeOrphanVisits(db));

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
      reading.load(pool, cache.locate).catch((error: unknown) => {
        // Stopped meanwhile (the app closing, its pool ended): nothing is left out that anyone will ask for.
        if (!reading.isStopped) app.log.error({ err: error }, 'links index not read in full: the links left out are read one at a time');
      }),
    );
  };
  readIndex();
  // Links made on another instance: read by id, one query per batch, one batch after another.
  let joining = Promise.resolve();
  const join = (ids: number[]) => {
    const into = index;
    joining = joining.then(() => into.addRows(pool, ids, cache.locate)).catch((error: unknown) => app.log.warn({ err: error }, 'links announced by another instance not read: they take the checked route'));
  };
  const instance = randomBytes(8).toString('base64url');
  const announcer = linkAnnouncer((ids) => ctx.realtime.publish(LINKS_INTERNAL_CHANNEL, 'links.added', { from: instance, ids }), (error) =>
    app.log.warn({ err: error }, 'links made here not announced: other instances find them by the checked route'),
  );
  // `link.removed` names a link by its cache key (linkCacheKey: the code, or "<domain id>/<code>").
  const unsubscribe = ctx.realtime.subscribe([LINKS_INTERNAL_CHANNEL], (event) => {
    if (event.type === 'link.removed') cache.invalidate(String(event.data));
    if (event.type === 'links.owner-removed') cache.forgetOwner(String(event.data));
    if (event.type === 'links.added') {
      const { from, ids } = event.data as { from?: unknown; ids?: unknown };
      if (from !== instance && typeof ids === 'string') for (const batch of idBatches(ids, JOIN_BATCH)) join(batch);
    }
  });
  // The instance answers once the index is read (a million links take a few seconds), so that from its
  // first request every link is redirected from memory; after INDEX_WAIT_MS it answers anyway and
  // reads the rest meanwhile (decision 004). The wait ends a second before Fastify's own limit for an
  // onReady hook (pluginTimeout, 10 s by default): past that limit the app did not start at all.
  const { pluginTimeout } = app.initialConfig;
  const indexWait = pluginTimeout ? Math.max(0, Math.min(INDEX_WAIT_MS, pluginTimeout - 1000)) : INDEX_WAIT_MS;
  app.addHook('onReady', async () => {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([indexing, new Promise((resolve) => (waited = setTimeout(resolve, indexWait)))]);
    clearTimeout(waited);
  });
  ctx.metrics.gauge('zerri_links_index_links', 'Plain links read into memory for redirects without a query (removed ones included until the next read).', () => index.size);
  ctx.metrics.gauge('zerri_links_index_loaded', '1 once every plain link has been read into memory.', () => (index.loaded ? 1 : 0));
  const stopReconnectRead = ctx.realtime.onReconnect(readIndex);
  app.addHook('onClose', async () => {
    await announcer.flush();
    unsubscribe();
    stopReconnectRead();
    index.stop();
    await Promise.all([indexing, joining]);
    await clicks.stop();
  });

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
  const follow = async (link: CachedLink, request: FastifyRequest, unlocked = false): Promise<FollowOutcome> => {
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

  // The hot path: a code in memory is answered before Fastify routing, with the same headers. A link
  // without targeting looks at nothing more; one with it picks its destination from the cached rules.
  // Password, expiry and preview links leave here after one field read each (the checked route decides).
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

  // The password page's form (and API clients): wrong passwords are limited per address and code.
  const wrongLinkPasswords = app.createRateLimit({
    max: ctx.config.LINK_PASSWORD_ATTEMPTS_MAX,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `link-password:${request.ip}:${(request.params as { code?: string }).code ?? ''}`,
  });
  const tooManyWrongPasswords = rateLimitError(LINK_MESSAGES.passwordTooManyTries, undefined, 'password_too_many_tries');

  return {
    cache,
    blocklist,
    pendingClicks: (linkId) => clicks.pendingClicks(linkId),
    flushClicks: () => clicks.flush(),
    async joined(ids) {
      if (ids.length === 0) return;
      // The links are made whatever happens here: one not read now joins at its first visit (the checked route).
      await index.addRows(pool, ids, cache.locate).catch((error: unknown) => app.log.warn({ err: error }, 'links made here not read into the index: they join at their first visit'));
      announcer.add(ids);
    },

    // Codes not in memory yet and links with a password or an expiry; unknown and expired codes get the
    // redirect screen, a password the app's password page.
    async redirect(request, reply) {
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
    },

    // A links domain's code on the main host (/z/go.example.com/abc), as the main host's own /z/abc may be another link.
    async redirectDomainCode(request, reply) {
      const { host, code } = request.params;
      const domain = linkDomainOf(request.raw) ? undefined : await servedDomain(db, host);
      const link = domain && CODE_PATTERN.test(code) ? await cache.get(code, domain.id) : undefined;
      return visit(link, request, reply, domain?.hostname ?? null);
    },

    async unlock(request, reply, { code, domain: host, password }) {
      const domain = await servedDomain(db, host);
      const link = domain !== undefined && CODE_PATTERN.test(code) ? await cache.get(code, domain?.id ?? null) : undefined;
      if (!isRedirectable(link)) throw linkNotFound(code);
      const hash = link.guard?.passwordHash;
      if (hash) {
        if (!password) throw new BadRequestError(LINK_MESSAGES.passwordEmpty, 'password_empty');
        await hitLimit(wrongLinkPasswords, request, tooManyWrongPasswords, { increment: false });
        if (!(await verifyPassword({ hash, password }))) {
          await hitLimit(wrongLinkPasswords, request, tooManyWrongPasswords);
          throw new ForbiddenError(LINK_MESSAGES.passwordWrong, 'password_wrong');
        }
      }
      const outcome = await follow(link, request, true);
      if (outcome === 'password' || outcome === 'hidden' || outcome.url === null) throw linkNotFound(code);
      if (outcome.setCookie) reply.header('Set-Cookie', outcome.setCookie);
      return { url: outcome.url };
    },
  };
}

/**
 * The owners' live counts: one event per owner and flush, of their LINKS_CLICKED_CHUNK clicked links
 * with the highest totals, and `more` when others were clicked too (the owner's pages read theirs again).
 */
function announceClicks(ctx: AppContext, owners: Map<string, FlushedOwner>) {
  for (const [userId, { clicked, links }] of owners) {
    const shown = links.sort((a, b) => b.clicks - a.clicks).slice(0, LINKS_CLICKED_CHUNK);
    const more = clicked > shown.length;
    void ctx.realtime.publish(userChannel(userId), 'links.clicked', { links: shown, ...(more && { more }) });
  }
}

/**
 * Gathers the ids of links made here for ANNOUNCE_MS after the first, then publishes them as runs of
 * consecutive ids ("1-5000,5003"), NOTICE_IDS_MAX characters per notice: an import of 5,000 rows is
 * one notice, a steady stream of creations a notice or two per window.
 */
export function linkAnnouncer(publish: (ids: string) => Promise<void>, failed: (error: unknown) => void) {
  let pending: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const ids = pending;
    pending = [];
    for (const notice of idRuns(ids, NOTICE_IDS_MAX)) await publish(notice).catch(failed);
  };
  return {
    add(ids: number[]) {
      for (const id of ids) pending.push(id);
      timer ??= setTimeout(() => void flush(), ANNOUNCE_MS);
    },
    flush,
  };
}

/** Ids as runs of consecutive ids ("first-last", or one id), comma-separated, in strings of at most `maxChars`. */
export function idRuns(ids: readonly number[], maxChars: number): string[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const notices: string[] = [];
  let current = '';
  for (let i = 0; i < sorted.length; ) {
    let last = i;
    while (last + 1 < sorted.length && sorted[last + 1] === sorted[last]! + 1) last++;
    const run = last === i ? String(sorted[i]) : `${sorted[i]}-${sorted[last]}`;
    if (current && current.length + 1 + run.length > maxChars) {
      notices.push(current);
      current = '';
    }
    current = current ? `${current},${run}` : run;
    i = last + 1;
  }
  if (current) notices.push(current);
  return notices;
}

/** The ids of `idRuns`' text, `size` at a time (a run of any length never makes one big array). Malformed parts are skipped. */
export function* idBatches(text: string, size: number): Generator<number[]> {
  let batch: number[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d{1,10})(?:-(\d{1,10}))?$/.exec(part);
    if (!match) continue;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let id = first; id <= last; id++) {
      batch.push(id);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

import { linkCacheKey, redirectTarget, withUtm, type LinkUtm } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { attributionCookie } from './attribution.ts';
import { isPlainLink, type IndexedLink, type LinkIndex, type Location } from './link-index.ts';
import { getRedirectLinkByCode, type ShortLink } from './queries.ts';

/** What a link checks before it redirects: a password, an end date, a click limit. */
export interface LinkGuard {
  passwordHash: string | null;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  maxClicks: number | null;
  expiredUrl: string | null;
}

/** One place a link sends visitors to, with its 302 header block built once. */
export interface Destination {
  url: string;
  host: string;
  /** The whole 302 header block, built once per cached link for the raw fast path. */
  redirectHeaders: string[];
  /** The attribution cookie (in `redirectHeaders` too) for a destination on this deployment, for the routes' redirects. */
  setCookie?: string;
}

/** A link's targeting rules, in the order they are tried; a link without any has none (`targets` undefined). */
export interface LinkTargets {
  ios: Destination | undefined;
  android: Destination | undefined;
  /** Upper-case ISO country code → destination; undefined when the link has no country rule. */
  countries: Map<string, Destination> | undefined;
}

/** What link-preview bots are shown instead of the redirect (Open Graph tags); set only when the owner wrote one. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

export interface CachedLink extends Destination {
  id: number;
  code: string;
  /** The links domain the code lives on (null: the main host). */
  domainId: string | null;
  userId: string | null;
  /** Set only for a link with targeting: a plain link's redirect looks at nothing more. */
  targets: LinkTargets | undefined;
  /** Set for a link with a password or an expiry: the fast path leaves it to the checked route. */
  guard: LinkGuard | undefined;
  /** Set only for a link with a preview: the fast path leaves its bot visits to the checked route. */
  preview: LinkPreview | undefined;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

type Entry = CachedLink & { expiresAt: number };

/**
 * Short code → target, so a redirect needs no query. The main host's codes and the links domains'
 * are held apart: the main host's hot path is one lookup by the code as it is in the URL, which can
 * never find a domain's link. Entries live a minute; edits and deletes are announced to every
 * instance by key (see redirect-engine.ts), so a changed or removed link changes at once.
 */
export class RedirectCache {
  private entries = new Map<string, Entry>();
  private domainEntries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly headers: Readonly<Record<string, string>>,
    /** This deployment's origin: a link of a user to a page here remembers the click for the sale that may follow. */
    private readonly ownOrigin: string,
  ) {
    this.redirectHead = [...Object.entries(headers).flat(), 'Cache-Control', 'private, no-store', 'Content-Length', '0', 'Location', ''];
    this.redirectHeadWithCookie = [...this.redirectHead, 'Set-Cookie', ''];
  }

  /** Every 302's headers, its Location's value last and blank; and the same with the attribution cookie after it. */
  private readonly redirectHead: string[];
  private readonly redirectHeadWithCookie: string[];

  /** Every plain main-host link, so that none needs a query to be redirected (link-index.ts). */
  private index: LinkIndex | undefined;

  /** Answers from `index` from now on; the entries cached so far are dropped (they may be older). */
  useIndex(index: LinkIndex) {
    this.index = index;
    this.entries.clear();
    this.domainEntries.clear();
  }

  /**
   * A plain main-host link from the index, else the cached entry if it is fresh (a main-host code, or
   * one on the domain); never touches the database. The index first: it answers most redirects, and a
   * code it holds is cached only from the same row (read while the index was loading).
   */
  peek(code: string, domainId?: string): CachedLink | undefined {
    if (domainId !== undefined) {
      const hit = this.domainEntries.get(`${domainId}/${code}`);
      return hit && hit.expiresAt > Date.now() ? hit : undefined;
    }
    const indexed = this.index?.get(code);
    if (indexed) return this.plainLink(indexed);
    const hit = this.entries.get(code);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  }

  /** A plain link's answer, built from the index for this request only (nothing kept: most links are followed rarely). */
  private plainLink({ id, shortCode, userId, url, host, here }: IndexedLink): CachedLink {
    const setCookie = here && userId ? this.cookie(userId, id) : undefined;
    const redirectHeaders = this.redirectHeadersFor(url, setCookie);
    return { id, code: shortCode, domainId: null, userId, url, host, redirectHeaders, setCookie, targets: undefined, guard: undefined, preview: undefined };
  }

  /** A 302's header list: the shared security headers, the Location, and the attribution cookie if any. */
  private redirectHeadersFor(url: string, setCookie: string | undefined): string[] {
    // A copy of the whole list filled in: one allocation of its exact size (pushing onto a copy grew it,
    // and concat with loose values takes V8's slow C++ path).
    const headers = (setCookie ? this.redirectHeadWithCookie : this.redirectHead).slice();
    headers[this.redirectHead.length - 1] = url;
    if (setCookie) headers[headers.length - 1] = setCookie;
    return headers;
  }

  /**
   * The checked route's read: peek, else the link from the database. A plain main-host link read here
   * (made before the index was read, restored, inserted by SQL) joins the index and is answered from it
   * from then on; any other is cached for a minute.
   */
  async get(code: string, domainId: string | null = null): Promise<CachedLink | undefined> {
    const hit = this.peek(code, domainId ?? undefined);
    if (hit) return hit;
    const key = linkCacheKey(code, domainId);
    const entries = domainId === null ? this.entries : this.domainEntries;
    const index = domainId === null ? this.index : undefined;
    const since = index?.startRead() ?? 0;
    try {
      const row = await getRedirectLinkByCode(this.db, code, domainId);
      if (!row) {
        entries.delete(key);
        return undefined;
      }
      if (index && isPlainLink(row) && index.add(row.id, row.shortCode, this.locate(row.originalUrl, row.utm ?? undefined), row.userId, since)) {
        const indexed = index.get(row.shortCode);
        if (indexed) return this.plainLink(indexed);
      }
      return this.remember(entries, key, row);
    } finally {
      index?.endRead();
    }
  }

  /** Builds a link's entry (its header blocks once) and caches it for a minute, the oldest first out when full. */
  private remember(entries: Map<string, Entry>, key: string, row: ShortLink & { affiliateOf: string | null }): Entry {
    const utm = row.utm ?? undefined;
    // The Set-Cookie is built here, once per cached link, so remembering the click costs the redirect nothing.
    // A link on a links domain is answered on that host, where the cookie would not reach the checkout.
    // An affiliate's link names the creator of the product it promotes: their sale is the one it may attribute.
    const creatorId = row.affiliateOf ?? row.userId;
    const cookie = creatorId && row.domainId === null ? this.cookie(creatorId, row.id) : undefined;
    const main = this.destination(row.originalUrl, utm, cookie);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    const countryUrls = row.countryUrls ?? [];
    const targets: LinkTargets | undefined =
      row.iosUrl || row.androidUrl || countryUrls.length > 0
        ? {
            ios: row.iosUrl ? this.destination(row.iosUrl, utm, cookie) : undefined,
            android: row.androidUrl ? this.destination(row.androidUrl, utm, cookie) : undefined,
            countries: countryUrls.length > 0 ? new Map(countryUrls.map(({ country, url }) => [country, this.destination(url, utm, cookie)])) : undefined,
          }
        : undefined;
    const guarded = row.passwordHash !== null || row.expiresAt !== null || row.maxClicks !== null;
    const guard = guarded
      ? {
          passwordHash: row.passwordHash,
          expiresAt: row.expiresAt?.getTime() ?? null,
          maxClicks: row.maxClicks,
          expiredUrl: row.expiredUrl && new URL(row.expiredUrl).href,
        }
      : undefined;
    const { previewTitle: title, previewDescription: description, previewImageUrl: imageUrl } = row;
    const preview = title || description || imageUrl ? { title, description, imageUrl } : undefined;
    const entry = { id: row.id, code: row.shortCode, domainId: row.domainId, userId: row.userId, ...main, targets, guard, preview, expiresAt: Date.now() + TTL_MS };
    entries.set(key, entry);
    return entry;
  }

  /** The attribution cookie of a click on a link (decision 026), for `creatorId`'s sales. */
  private cookie(creatorId: string, linkId: number) {
    return attributionCookie({ creatorId, source: `link:${linkId}` }, this.ownOrigin.startsWith('https:'));
  }

  /** Where a link's address with its UTM parameters sends visitors, percent-encoded (always a valid Location header). */
  readonly locate = (originalUrl: string, utm: LinkUtm | undefined): Location => {
    const url = withUtm(redirectTarget(originalUrl), utm);
    try {
      const parsed = new URL(url);
      return { url: parsed.href, host: parsed.hostname, here: parsed.origin === this.ownOrigin };
    } catch {
      // an unparsable legacy URL still redirects; no host to block by
      return { url, host: '', here: false };
    }
  };

  /** A destination with its 302 header block; one on this deployment also sets the attribution cookie, when the link has an owner. */
  private destination(originalUrl: string, utm: LinkUtm | undefined, attribution: string | undefined): Destination {
    const { url, host, here } = this.locate(originalUrl, utm);
    const setCookie = here ? attribution : undefined;
    return { url, host, redirectHeaders: this.redirectHeadersFor(url, setCookie), setCookie };
  }

  /** Drops every link of a deleted account. */
  forgetOwner(userId: string) {
    for (const entries of [this.entries, this.domainEntries]) {
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    }
    this.index?.removeOwner(userId);
  }

  /** Drops a link by its key (linkCacheKey). */
  invalidate(key: string) {
    if (key.includes('/')) this.domainEntries.delete(key);
    else {
      this.entries.delete(key);
      this.index?.remove(key);
    }
  }
}

const APPLE_MOBILE = /iPhone|iPad|iPod/;

/**
 * Where a visitor of a link with targeting goes: iOS, then Android (by User-Agent), then the
 * visitor's country, else the link's destination. `country` is asked only when a country rule
 * exists; undefined from it (the database still loading) answers undefined.
 */
export function chooseDestination(link: CachedLink, userAgent: string, country: () => string | undefined): Destination | undefined {
  const { targets } = link;
  if (!targets) return link;
  if (targets.ios && APPLE_MOBILE.test(userAgent)) return targets.ios;
  if (targets.android && userAgent.includes('Android')) return targets.android;
  if (targets.countries) {
    const code = country();
    if (code === undefined) return undefined;
    return targets.countries.get(code) ?? link;
  }
  return link;
}

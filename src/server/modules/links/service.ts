import { randomBytes } from 'node:crypto';
import type { BlockedDomain } from '#shared/links-api.ts';
import { BLOCKED_DOMAIN_MESSAGES } from '#shared/links-blocked-domains.ts';
import { hashPassword } from 'better-auth/crypto';
import type { LinkTag, LinkUpdate, ShortLink as ShortLinkResponse } from '#shared/links-api.ts';
import {
  checkCustomCode,
  checkLinkSettings,
  cleanUtm,
  LINK_TAG_NAME_MAX,
  LINK_TAGS_PER_LINK_MAX,
  STATS_DAYS_MAX,
  type CountryUrl,
  generateShortCode,
  LINK_MESSAGES,
  linkCacheKey,
  LINKS_INTERNAL_CHANNEL,
  normalizeDomain,
  shortUrl,
} from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { SessionUser } from '../../platform/session.ts';
import { checkDestination, type Blocklist } from '../../platform/blocklist.ts';
import { normalizeHostname } from '#shared/domains.ts';
import {
  addBlockedDomain,
  deleteUserLink,
  domainHosts,
  getShortLinkByCode,
  insertShortLink,
  linksDomainByHost,
  plainUserLinkTo,
  removeBlockedDomain,
  setLinkTags,
  tagsOfLinks,
  updateLinkRow,
  type LinkDomain,
  type ShortLink,
} from './queries.ts';
import type { RedirectCache } from './redirect-cache.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';

const RANDOM_CODE_ATTEMPTS = 8;

/** What a link's settings may say, on create and on edit (`null` clears one, a missing one stays). */
export type LinkSettingsInput = Omit<LinkUpdate, 'url' | 'code'>;

export interface ShortenInput extends LinkSettingsInput {
  url: string;
  code?: string;
  /** One of the owner's verified links domains (host name); null or undefined: the main host. */
  domain?: string | null;
  userId: string | null;
  /** Hosts this deployment answers on; links to their /z/ paths would loop. */
  ownHosts: string[];
}

/** A URL a link may go to: the one rule of every stored destination (blocklist.ts checkDestination). */
export const checkTarget = checkDestination;

export function checkCode(raw: string, onDomain = false): string {
  const code = raw.trim();
  const problem = checkCustomCode(code, onDomain);
  if (problem) throw new BadRequestError(problem.message, problem.code, { params: problem.params });
  return code;
}

/** The 404 of a link that is not there (or not the asker's), with the spec's title. */
export const linkNotFound = (code: string) =>
  new NotFoundError(LINK_MESSAGES.notFound(code), 'link_not_found', { title: LINK_MESSAGES.notFoundTitle, params: { code } });

const domainUnavailable = () => new BadRequestError(LINK_MESSAGES.domainUnavailable, 'link_domain_unavailable');

/**
 * The links domain a new or moved link goes to: one of the owner's verified links domains, by host
 * name; null for the main host. Anyone else's domain, a storefront domain or one not verified: 400.
 */
export async function chooseLinkDomain(db: Db, userId: string | null, host: string | null | undefined): Promise<LinkDomain | null> {
  if (!host?.trim()) return null;
  const hostname = normalizeHostname(host);
  const domain = hostname && userId ? await linksDomainByHost(db, hostname, userId) : undefined;
  if (!domain || domain.userId !== userId || !domain.verified) throw domainUnavailable();
  return domain;
}

/**
 * The links domain a `/api/links/:code?domain=` request names (any state: a suspended domain's links
 * can still be edited or removed); null for the main host, undefined when there is no such domain.
 */
export async function addressedDomain(db: Db, host: string | undefined, userId?: string): Promise<LinkDomain | null | undefined> {
  if (!host?.trim()) return null;
  const hostname = normalizeHostname(host);
  return (hostname && (await linksDomainByHost(db, hostname, userId))) || undefined;
}

/** A verified links domain by host name (public pages: a domain not served has no links to show); null for the main host. */
export async function servedDomain(db: Db, host: string | undefined): Promise<LinkDomain | null | undefined> {
  const domain = await addressedDomain(db, host);
  return domain && !domain.verified ? undefined : domain;
}

/** Tag names as given: trimmed, blank ones dropped, each name once (in any letter case). */
export function checkTagNames(names: string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    if (name.length > LINK_TAG_NAME_MAX) throw new BadRequestError(LINK_MESSAGES.tagNameLength, 'tag_name_length');
    seen.add(name.toLowerCase());
    clean.push(name);
  }
  if (clean.length > LINK_TAGS_PER_LINK_MAX) throw new BadRequestError(LINK_MESSAGES.tagsTooMany, 'tags_too_many');
  return clean;
}

/**
 * The columns a link's settings give, checked as an edit checks them (checkLinkSettings, then every
 * destination as the main one: valid, no loop, not blocked). Only the settings given are in it.
 */
async function settingValues(
  blocklist: Blocklist,
  settings: LinkSettingsInput,
  ownHosts: string[],
  currentExpiresAt?: Date | null,
): Promise<Partial<ShortLink>> {
  const { password, expiresAt, maxClicks, expiredUrl, iosUrl, androidUrl, countryUrls, utm } = settings;
  const trimmed = (url: string | null | undefined) => (url === undefined ? undefined : url?.trim() || null);
  const previewTitle = trimmed(settings.previewTitle);
  const previewDescription = trimmed(settings.previewDescription);
  const previewImageUrl = trimmed(settings.previewImageUrl);
  const countries: CountryUrl[] | null | undefined =
    countryUrls === undefined ? undefined : (countryUrls ?? []).map(({ country, url }) => ({ country: country.trim().toUpperCase(), url: url.trim() }));
  const clean = {
    password,
    expiresAt,
    maxClicks,
    expiredUrl: trimmed(expiredUrl),
    iosUrl: trimmed(iosUrl),
    androidUrl: trimmed(androidUrl),
    countryUrls: countries,
    utm,
    previewTitle,
    previewDescription,
    previewImageUrl,
  };
  const problem = checkLinkSettings(clean, Date.now(), currentExpiresAt?.toISOString());
  if (problem) throw new BadRequestError(problem.message, problem.code, { params: problem.params });

  const values: Partial<ShortLink> = {};
  const target = (url: string | null) => url && checkTarget(blocklist, url, ownHosts);
  if (password !== undefined) values.passwordHash = password === null ? null : await hashPassword(password);
  if (expiresAt !== undefined) values.expiresAt = expiresAt ? new Date(expiresAt) : null;
  if (maxClicks !== undefined) values.maxClicks = maxClicks;
  if (clean.expiredUrl !== undefined) values.expiredUrl = target(clean.expiredUrl);
  if (clean.iosUrl !== undefined) values.iosUrl = target(clean.iosUrl);
  if (clean.androidUrl !== undefined) values.androidUrl = target(clean.androidUrl);
  if (countries !== undefined) {
    values.countryUrls = countries.length > 0 ? countries.map(({ country, url }) => ({ country, url: checkTarget(blocklist, url, ownHosts) })) : null;
  }
  if (utm !== undefined) values.utm = cleanUtm(utm) ?? null;
  if (previewTitle !== undefined) values.previewTitle = previewTitle;
  if (previewDescription !== undefined) values.previewDescription = previewDescription;
  // An image on a blocked domain is refused like a destination there (we never fetch it ourselves).
  if (previewImageUrl !== undefined) values.previewImageUrl = target(previewImageUrl);
  return values;
}

export async function shortenLink(db: Db, blocklist: Blocklist, input: ShortenInput): Promise<ShortLink> {
  const target = checkTarget(blocklist, input.url, input.ownHosts);
  const domain = await chooseLinkDomain(db, input.userId, input.domain);
  const code = input.code === undefined ? undefined : checkCode(input.code, domain !== null);
  const tags = input.tags === undefined ? [] : checkTagNames(input.tags);
  if (tags.length > 0 && !input.userId) throw new UnauthorizedError(LINK_MESSAGES.tagsSignIn, 'tags_sign_in');
  const settings = await settingValues(blocklist, input, input.ownHosts);
  const userId = input.userId;

  // The link and its tags in one transaction: nothing half-made.
  return db.transaction(async (tx) => {
    const insert = async (shortCode: string, isCustom: boolean) => {
      const row = await insertShortLink(tx, { ...settings, shortCode, domainId: domain?.id ?? null, originalUrl: target, userId, isCustom });
      if (row && userId && tags.length > 0 && !(await setLinkTags(tx, userId, row.id, tags))) {
        throw new BadRequestError(LINK_MESSAGES.tagsTooMany, 'tags_too_many');
      }
      return row;
    };
    if (code !== undefined) {
      const row = await insert(code, true);
      if (!row) throw codeTaken(code);
      return row;
    }
    for (let attempt = 0; attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
      const row = await insert(generateShortCode(randomBytes), false);
      if (row) return row;
    }
    throw new Error('Could not find a free short code');
  });
}

const codeTaken = (code: string) => new ConflictError(LINK_MESSAGES.codeTaken(code), 'code_taken', { params: { code } });

/** Links made or edited through the app, for the redirect engine's index on every instance (RedirectEngine.joined). */
export type LinksJoined = (ids: number[]) => Promise<void>;

/** Creates a short link (shortenLink) and answers it as its owner sees it. */
export async function createLink({ db, blocklist, origin, joined }: { db: Db; blocklist: Blocklist; origin: string; joined?: LinksJoined }, input: ShortenInput) {
  const row = await shortenLink(db, blocklist, input);
  // Into the redirects' memory on every instance (a link made elsewhere joins at its first visit).
  await joined?.([row.id]);
  const link = toLinkResponse(row, origin, 0, (await tagsOfLinks(db, [row.id])).get(row.id), await hostOfLink(db, row));
  await emitWebhookEvent(db, input.userId, 'link.created', link);
  return link;
}

/** The owner's plain short link to `url`, reused when there is one, else made (createLink's checks apply): a product's Share panel. */
export async function plainLinkTo(deps: { db: Db; blocklist: Blocklist; origin: string }, userId: string, url: string) {
  const ownHosts = [new URL(deps.origin).host];
  const existing = await plainUserLinkTo(deps.db, userId, checkTarget(deps.blocklist, url, ownHosts));
  if (!existing) return createLink(deps, { url, userId, ownHosts });
  return toLinkResponse(existing, deps.origin, 0, (await tagsOfLinks(deps.db, [existing.id])).get(existing.id), null);
}

/** The host name of the link's domain (null: the main host). */
export async function hostOfLink(db: Db, row: ShortLink): Promise<string | null> {
  return row.domainId === null ? null : ((await domainHosts(db, [row.domainId])).get(row.domainId) ?? null);
}

/** Deletes one of the user's links; every instance drops it from its redirect cache. */
export async function deleteLink(
  { db, cache, realtime }: { db: Db; cache: RedirectCache; realtime: Realtime },
  userId: string,
  address: { code: string; domain?: string },
) {
  const row = await findOwnLink(db, userId, address);
  if (!(await deleteUserLink(db, userId, row.id))) throw linkNotFound(row.shortCode);
  await forgetLinks({ cache, realtime }, [linkCacheKey(row.shortCode, row.domainId)]);
}

/** Every instance drops these links (by linkCacheKey) from its redirect cache (the next visit reads the link again). */
export async function forgetLinks({ cache, realtime }: { cache: RedirectCache; realtime: Realtime }, keys: string[]) {
  for (const key of keys) {
    cache.invalidate(key);
    await realtime.publish(LINKS_INTERNAL_CHANNEL, 'link.removed', key);
  }
}

/**
 * A link's public details (the check form, the redirect and preview screens): an ended link is
 * not found, a password-protected one does not tell where it goes.
 */
export function assertPublicDetails(row: ShortLink, now = Date.now()) {
  const ended = (row.expiresAt !== null && row.expiresAt.getTime() <= now) || (row.maxClicks !== null && row.clicks >= row.maxClicks);
  if (ended) throw linkNotFound(row.shortCode);
  if (row.passwordHash !== null) throw new ForbiddenError(LINK_MESSAGES.passwordRequired, 'password_required', { params: { code: row.shortCode } });
}

/** A link with a click limit or an end date: its destination is told by a visit that counts, or to its owner. */
export const destinationHidden = (row: Pick<ShortLink, 'maxClicks' | 'expiresAt'>) => row.maxClicks !== null || row.expiresAt !== null;

/** The owner's link by code on this site or on a links domain; anyone else's (or none) is not found. */
export async function findOwnLink(db: Db, userId: string, address: { code: string; domain?: string }): Promise<ShortLink> {
  const code = address.code.trim();
  const domain = await addressedDomain(db, address.domain, userId);
  const row = domain === undefined || !CODE_PATTERN.test(code) ? undefined : await getShortLinkByCode(db, code, domain?.id ?? null);
  if (!row || row.userId !== userId) throw linkNotFound(code);
  return row;
}

/** What a code in a path may be (anything else is not found without a query). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Changes one of the user's links: destination, code, password and expiry; its clicks and
 * analytics stay (they hang on the link's id). Every instance's redirect cache drops the old and
 * the new code at once.
 */
export async function updateLink(
  deps: { db: Db; cache: RedirectCache; realtime: Realtime; blocklist: Blocklist; flushClicks: () => Promise<void>; origin: string; joined?: LinksJoined },
  input: { userId: string; address: { code: string; domain?: string }; changes: LinkUpdate; ownHosts: string[] },
): Promise<{ row: ShortLink; tags: LinkTag[]; domain: string | null }> {
  const { db, blocklist } = deps;
  const row = await findOwnLink(db, input.userId, input.address);
  const { url, code, domain: host, tags: tagNames, ...settings } = input.changes;
  const tags = tagNames === undefined ? undefined : checkTagNames(tagNames);
  const values = await settingValues(blocklist, settings, input.ownHosts, row.expiresAt);
  if (url !== undefined) values.originalUrl = checkTarget(blocklist, url, input.ownHosts);
  // Moving to another domain: the new one must be a verified links domain of the owner's.
  const moved = host === undefined ? undefined : await chooseLinkDomain(db, input.userId, host);
  const domainId = moved === undefined ? row.domainId : (moved?.id ?? null);
  if (domainId !== row.domainId) values.domainId = domainId;
  const newCode = code === undefined ? row.shortCode : code.trim();
  if (newCode !== row.shortCode || values.domainId !== undefined) {
    // A code is checked where it will live (reserved words matter on the main host only).
    values.shortCode = checkCode(newCode, domainId !== null);
    if (newCode !== row.shortCode) values.isCustom = true;
  }
  const tagsOf = async (id: number) => (await tagsOfLinks(db, [id])).get(id) ?? [];
  if (Object.keys(values).length === 0 && tags === undefined) return { row, tags: await tagsOf(row.id), domain: await hostOfLink(db, row) };

  // Clicks still in this instance's memory are written first: they count towards a new click limit,
  // and the answer shows the link's clicks as they are (edits are rare, a flush is one short transaction).
  await deps.flushClicks();
  const updated = await db.transaction(async (tx) => {
    const changed = Object.keys(values).length > 0 ? await updateLinkRow(tx, row.id, values) : row;
    if (!changed) throw codeTaken(values.shortCode!);
    if (tags !== undefined && !(await setLinkTags(tx, input.userId, row.id, tags))) {
      throw new BadRequestError(LINK_MESSAGES.tagsTooMany, 'tags_too_many');
    }
    return changed;
  });
  // Both the old and the new place drop the link on every instance.
  await forgetLinks(deps, [...new Set([linkCacheKey(row.shortCode, row.domainId), linkCacheKey(updated.shortCode, updated.domainId)])]);
  // Still plain after the edit: it joins again with its new destination (announced after the removals).
  await deps.joined?.([updated.id]);
  const result = { row: updated, tags: await tagsOf(updated.id), domain: await hostOfLink(db, updated) };
  await emitWebhookEvent(db, input.userId, 'link.updated', toLinkResponse(updated, deps.origin, 0, result.tags, result.domain));
  return result;
}

/**
 * The admins' domain blocklist: a blocked domain is refused for new links and stops redirecting on
 * every instance at once. Each change is written to the audit log with it.
 */
export function domainBlocklist({ db, blocklist, realtime }: { db: Db; blocklist: Blocklist; realtime: Realtime }) {
  const changed = async () => {
    await blocklist.reload();
    await realtime.publish(LINKS_INTERNAL_CHANNEL, 'blocklist.changed');
  };
  return {
    /** Blocks the domain of `raw` (normalised: lower case, no scheme, path or `www.`) and answers it. */
    async block(admin: SessionUser, raw: string) {
      const domain = normalizeDomain(raw);
      if (!domain) throw new BadRequestError(BLOCKED_DOMAIN_MESSAGES.invalid, 'invalid_domain');
      await db.transaction(async (tx) => {
        await addBlockedDomain(tx, domain, admin.id);
        await recordAdminAction(tx, admin, 'domain.blocked', { type: 'domain', id: domain });
      });
      await changed();
      return domain;
    },
    async unblock(admin: SessionUser, raw: string) {
      const domain = raw.toLowerCase();
      const removed = await db.transaction(async (tx) => {
        if (!(await removeBlockedDomain(tx, domain))) return false;
        await recordAdminAction(tx, admin, 'domain.unblocked', { type: 'domain', id: domain });
        return true;
      });
      if (!removed) throw new NotFoundError(BLOCKED_DOMAIN_MESSAGES.notBlocked, 'domain_not_blocked');
      await changed();
    },
  };
}

export const toBlockedDomain = (row: { domain: string; createdAt: Date; createdBy: string | null }): BlockedDomain => ({
  domain: row.domain,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

/** A link as its owner sees it; `domain` is the host name of its links domain (null: the main host). */
export function toLinkResponse(row: ShortLink, origin: string, pendingClicks = 0, tags: LinkTag[] = [], domain: string | null = null): ShortLinkResponse {
  const utm = row.utm ?? {};
  return {
    id: row.id,
    code: row.shortCode,
    domain,
    shortUrl: shortUrl(origin, row.shortCode, domain),
    url: row.originalUrl,
    clicks: row.clicks + pendingClicks,
    createdAt: row.createdAt.toISOString(),
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxClicks: row.maxClicks,
    expiredUrl: row.expiredUrl,
    iosUrl: row.iosUrl,
    androidUrl: row.androidUrl,
    countryUrls: row.countryUrls ?? [],
    utm: {
      source: utm.source ?? null,
      medium: utm.medium ?? null,
      campaign: utm.campaign ?? null,
      term: utm.term ?? null,
      content: utm.content ?? null,
    },
    tags,
    previewTitle: row.previewTitle,
    previewDescription: row.previewDescription,
    previewImageUrl: row.previewImageUrl,
  };
}

/** The last `days` days (UTC), oldest first, as YYYY-MM-DD. */
export function lastDays(days: number, today = new Date()): string[] {
  const result: string[] = [];
  for (let offset = days - 1; offset >= 0; offset--) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset));
    result.push(day.toISOString().slice(0, 10));
  }
  return result;
}

/** Each day from `from` to `to` (YYYY-MM-DD, UTC); undefined for a backwards range or one over a year. */
export function daysBetween(from: string, to: string): string[] | undefined {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return undefined;
  const count = Math.round((end - start) / 86_400_000) + 1;
  if (count > STATS_DAYS_MAX) return undefined;
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}

/** Folds per-day, per-dimension rows into the shape of the link analytics page. */
export function summarizeStats(rows: { day: string; kind: string; value: string; clicks: number }[], days: string[]) {
  const daily = new Map(days.map((day) => [day, 0]));
  const totals: Record<'referrer' | 'browser' | 'device' | 'os' | 'country', Map<string, number>> = {
    referrer: new Map(),
    browser: new Map(),
    device: new Map(),
    os: new Map(),
    country: new Map(),
  };
  for (const row of rows) {
    if (row.kind === 'total') {
      if (daily.has(row.day)) daily.set(row.day, daily.get(row.day)! + row.clicks);
    } else {
      const map = totals[row.kind as keyof typeof totals] as Map<string, number> | undefined;
      map?.set(row.value, (map.get(row.value) ?? 0) + row.clicks);
    }
  }
  const ranked = (map: Map<string, number>, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([value, clicks]) => ({ value, clicks }));
  return {
    daily: [...daily].map(([day, clicks]) => ({ day, clicks })),
    referrers: ranked(totals.referrer, 10),
    browsers: ranked(totals.browser, 10),
    devices: ranked(totals.device, 10),
    os: ranked(totals.os, 10),
    countries: ranked(totals.country, 20),
  };
}

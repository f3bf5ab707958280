import { randomBytes } from 'node:crypto';
import type { BlockedDomain } from '#shared/links-api.ts';
import { BLOCKED_DOMAIN_MESSAGES } from '#shared/links-blocked-domains.ts';
import { hashPassword } from 'better-auth/crypto';
import type { LinkUpdate } from '#shared/links-api.ts';
import {
  checkCustomCode,
  checkLinkSettings,
  generateShortCode,
  isOwnShortLink,
  LINK_MESSAGES,
  LINKS_INTERNAL_CHANNEL,
  normalizeDomain,
  shortUrl,
  validateTargetUrl,
} from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { Blocklist } from './blocklist.ts';
import { addBlockedDomain, deleteUserLink, getShortLinkByCode, insertShortLink, removeBlockedDomain, updateLinkRow, type ShortLink } from './queries.ts';
import type { RedirectCache } from './redirect-cache.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';

const RANDOM_CODE_ATTEMPTS = 8;

export interface ShortenInput {
  url: string;
  code?: string;
  userId: string | null;
  /** Hosts this deployment answers on; links to their /z/ paths would loop. */
  ownHosts: string[];
}

/** A URL a link may go to: valid, not one of our short links, not on the blocklist. */
function checkTarget(blocklist: Blocklist, url: string, ownHosts: string[]): string {
  const target = validateTargetUrl(url);
  if (!target.ok) throw new BadRequestError(target.message, target.code);
  if (isOwnShortLink(target.value, ownHosts)) throw new BadRequestError(LINK_MESSAGES.urlLoop, 'link_loop');
  const blocked = blocklist.match(new URL(target.value).hostname);
  if (blocked) throw new BadRequestError(LINK_MESSAGES.domainBlocked(blocked), 'domain_blocked', { params: { domain: blocked } });
  return target.value;
}

function checkCode(raw: string): string {
  const code = raw.trim();
  const problem = checkCustomCode(code);
  if (problem) throw new BadRequestError(problem.message, problem.code, { params: problem.params });
  return code;
}

/** The 404 of a link that is not there (or not the asker's), with the spec's title. */
export const linkNotFound = (code: string) =>
  new NotFoundError(LINK_MESSAGES.notFound(code), 'link_not_found', { title: LINK_MESSAGES.notFoundTitle, params: { code } });

export async function shortenLink(db: Db, blocklist: Blocklist, input: ShortenInput): Promise<ShortLink> {
  const target = checkTarget(blocklist, input.url, input.ownHosts);

  if (input.code !== undefined) {
    const code = checkCode(input.code);
    const row = await insertShortLink(db, { shortCode: code, originalUrl: target, userId: input.userId, isCustom: true });
    if (!row) throw new ConflictError(LINK_MESSAGES.codeTaken(code), 'code_taken', { params: { code } });
    return row;
  }
  for (let attempt = 0; attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
    const row = await insertShortLink(db, {
      shortCode: generateShortCode(randomBytes),
      originalUrl: target,
      userId: input.userId,
      isCustom: false,
    });
    if (row) return row;
  }
  throw new Error('Could not find a free short code');
}

/** Creates a short link (shortenLink) and answers it as its owner sees it. */
export async function createLink({ db, blocklist, origin }: { db: Db; blocklist: Blocklist; origin: string }, input: ShortenInput) {
  const link = toLinkResponse(await shortenLink(db, blocklist, input), origin);
  await emitWebhookEvent(db, input.userId, 'link.created', link);
  return link;
}

/** Deletes one of the user's links; every instance drops the code from its redirect cache. */
export async function deleteLink({ db, cache, realtime }: { db: Db; cache: RedirectCache; realtime: Realtime }, userId: string, rawCode: string) {
  const code = rawCode.trim();
  if (!(await deleteUserLink(db, userId, code))) throw linkNotFound(code);
  await forgetCodes({ cache, realtime }, [code]);
}

/** Every instance drops these codes from its redirect cache (the next visit reads the link again). */
async function forgetCodes({ cache, realtime }: { cache: RedirectCache; realtime: Realtime }, codes: string[]) {
  for (const code of codes) {
    cache.invalidate(code);
    await realtime.publish(LINKS_INTERNAL_CHANNEL, 'link.removed', code);
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

/** The owner's link by code; anyone else's (or none) is not found. */
export async function findOwnLink(db: Db, userId: string, rawCode: string): Promise<ShortLink> {
  const code = rawCode.trim();
  const row = await getShortLinkByCode(db, code);
  if (!row || row.userId !== userId) throw linkNotFound(code);
  return row;
}

/**
 * Changes one of the user's links: destination, code, password and expiry; its clicks and
 * analytics stay (they hang on the link's id). Every instance's redirect cache drops the old and
 * the new code at once.
 */
export async function updateLink(
  deps: { db: Db; cache: RedirectCache; realtime: Realtime; blocklist: Blocklist; flushClicks: () => Promise<void> },
  input: { userId: string; code: string; changes: LinkUpdate; ownHosts: string[] },
): Promise<ShortLink> {
  const { db, blocklist } = deps;
  const row = await findOwnLink(db, input.userId, input.code);
  const { url, code, password, expiresAt, maxClicks, expiredUrl } = input.changes;
  const settings = { password, expiresAt, maxClicks, expiredUrl: expiredUrl?.trim() || null };
  const problem = checkLinkSettings(settings, Date.now(), row.expiresAt?.toISOString());
  if (problem) throw new BadRequestError(problem.message, problem.code);

  const values: Partial<ShortLink> = {};
  if (url !== undefined) values.originalUrl = checkTarget(blocklist, url, input.ownHosts);
  if (code !== undefined && code.trim() !== row.shortCode) {
    values.shortCode = checkCode(code);
    values.isCustom = true;
  }
  if (password !== undefined) values.passwordHash = password === null ? null : await hashPassword(password);
  if (expiresAt !== undefined) values.expiresAt = expiresAt ? new Date(expiresAt) : null;
  if (maxClicks !== undefined) values.maxClicks = maxClicks;
  if (expiredUrl !== undefined) values.expiredUrl = settings.expiredUrl && checkTarget(blocklist, settings.expiredUrl, input.ownHosts);
  if (Object.keys(values).length === 0) return row;

  // Clicks still in this instance's memory are written first: they count towards a new click limit,
  // and the answer shows the link's clicks as they are (edits are rare, a flush is one short transaction).
  await deps.flushClicks();
  const updated = await updateLinkRow(db, row.id, values);
  if (!updated) throw new ConflictError(LINK_MESSAGES.codeTaken(values.shortCode!), 'code_taken', { params: { code: values.shortCode! } });
  await forgetCodes(deps, [...new Set([row.shortCode, updated.shortCode])]);
  return updated;
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

export function toLinkResponse(row: ShortLink, origin: string, pendingClicks = 0) {
  return {
    code: row.shortCode,
    shortUrl: shortUrl(origin, row.shortCode),
    url: row.originalUrl,
    clicks: row.clicks + pendingClicks,
    createdAt: row.createdAt.toISOString(),
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxClicks: row.maxClicks,
    expiredUrl: row.expiredUrl,
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

/** Folds per-day, per-dimension rows into the shape of the link analytics page. */
export function summarizeStats(rows: { day: string; kind: string; value: string; clicks: number }[], days: string[]) {
  const daily = new Map(days.map((day) => [day, 0]));
  const totals: Record<'referrer' | 'browser' | 'device', Map<string, number>> = {
    referrer: new Map(),
    browser: new Map(),
    device: new Map(),
  };
  for (const row of rows) {
    if (row.kind === 'total') {
      if (daily.has(row.day)) daily.set(row.day, daily.get(row.day)! + row.clicks);
    } else {
      const map = totals[row.kind as keyof typeof totals];
      map.set(row.value, (map.get(row.value) ?? 0) + row.clicks);
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
  };
}

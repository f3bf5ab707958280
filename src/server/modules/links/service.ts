import { randomBytes } from 'node:crypto';
import type { BlockedDomain } from '#shared/links-api.ts';
import { BLOCKED_DOMAIN_MESSAGES } from '#shared/links-blocked-domains.ts';
import {
  checkCustomCode,
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
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { Blocklist } from './blocklist.ts';
import { addBlockedDomain, deleteUserLink, insertShortLink, removeBlockedDomain, type ShortLink } from './queries.ts';
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

export async function shortenLink(db: Db, blocklist: Blocklist, input: ShortenInput): Promise<ShortLink> {
  const target = validateTargetUrl(input.url);
  if (!target.ok) throw new BadRequestError(target.message, target.code);
  if (isOwnShortLink(target.value, input.ownHosts)) throw new BadRequestError(LINK_MESSAGES.urlLoop, 'link_loop');
  const blocked = blocklist.match(new URL(target.value).hostname);
  if (blocked) throw new BadRequestError(LINK_MESSAGES.domainBlocked(blocked), 'domain_blocked', { params: { domain: blocked } });

  if (input.code !== undefined) {
    const code = input.code.trim();
    const problem = checkCustomCode(code);
    if (problem) throw new BadRequestError(problem.message, problem.code, { params: problem.params });
    const row = await insertShortLink(db, { shortCode: code, originalUrl: target.value, userId: input.userId, isCustom: true });
    if (!row) throw new ConflictError(LINK_MESSAGES.codeTaken(code), 'code_taken', { params: { code } });
    return row;
  }
  for (let attempt = 0; attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
    const row = await insertShortLink(db, {
      shortCode: generateShortCode(randomBytes),
      originalUrl: target.value,
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
  if (!(await deleteUserLink(db, userId, code))) {
    throw new NotFoundError(LINK_MESSAGES.notFound(code), 'link_not_found', { title: LINK_MESSAGES.notFoundTitle, params: { code } });
  }
  cache.invalidate(code);
  await realtime.publish(LINKS_INTERNAL_CHANNEL, 'link.removed', code);
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

import { isBlockedHost, isOwnShortLink, LINK_MESSAGES, LINKS_INTERNAL_CHANNEL, validateTargetUrl } from '#shared/links.ts';
import type { Db } from '../db/client.ts';
import { blockedDomains } from '../db/schema/links.ts';
import type { AppContext } from './context.ts';
import { BadRequestError } from './errors.ts';

// The admins' domain blocklist (managed in the links module, Admin › Blocked Domains) and the one rule
// of every address a visitor is sent to, for every module that stores or follows one.

/** The admins' domain blocklist, held in memory and reloaded when any instance changes it. */
export class Blocklist {
  private domains = new Set<string>();

  constructor(private readonly db: Db) {}

  async reload() {
    const rows = await this.db.select({ domain: blockedDomains.domain }).from(blockedDomains);
    this.domains = new Set(rows.map((row) => row.domain));
  }

  /** The blocked domain that covers this host, if any. */
  match(host: string): string | undefined {
    return this.domains.size === 0 ? undefined : isBlockedHost(host, this.domains);
  }
}

const appBlocklists = new WeakMap<AppContext, Promise<Blocklist>>();

/**
 * The app's one blocklist in memory, for every module that stores or follows an address: read at its
 * first use, and again whenever an instance changes it (`blocklist.changed`, see domainBlocklist) or
 * the notices' connection comes back.
 */
export function appBlocklist(ctx: AppContext): Promise<Blocklist> {
  let loading = appBlocklists.get(ctx);
  if (!loading) {
    const blocklist = new Blocklist(ctx.database.db);
    ctx.realtime.subscribe([LINKS_INTERNAL_CHANNEL], (event) => {
      if (event.type === 'blocklist.changed') void blocklist.reload();
    });
    // A change announced while the notices' connection was down was heard by no one.
    ctx.realtime.onReconnect(() => void blocklist.reload());
    loading = blocklist.reload().then(() => blocklist);
    // A failed first read is tried again at the next use.
    loading.catch(() => appBlocklists.delete(ctx));
    appBlocklists.set(ctx, loading);
  }
  return loading;
}

/**
 * The one rule for an address a visitor is sent to (a short link's destinations, a creator page's
 * links and socials, a profile's links): a valid http(s) address (validateTargetUrl), not one of
 * our own short links when `ownHosts` are given (a loop), not on the admins' blocklist. Answers the
 * address as stored; else 400 with the rule's code (`domain_blocked` names the domain).
 */
export function checkDestination(blocklist: Blocklist, url: string, ownHosts: string[] = []): string {
  const target = validateTargetUrl(url);
  if (!target.ok) throw new BadRequestError(target.message, target.code);
  if (isOwnShortLink(target.value, ownHosts)) throw new BadRequestError(LINK_MESSAGES.urlLoop, 'link_loop');
  const blocked = blocklist.match(new URL(target.value).hostname);
  if (blocked) throw new BadRequestError(LINK_MESSAGES.domainBlocked(blocked), 'domain_blocked', { params: { domain: blocked } });
  return target.value;
}

/** At redirect time: false for an address whose domain is blocked now (maybe blocked after it was saved) or that cannot be read. */
export function mayRedirectTo(blocklist: Blocklist, url: string): boolean {
  try {
    return !blocklist.match(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** A creator's social links as visitors see them: one on a domain blocked since it was saved shows as none (''). */
export function shownSocialLinks<T extends Record<string, string>>(blocklist: Blocklist, links: T): T {
  return Object.fromEntries(Object.entries(links).map(([network, url]) => [network, url && mayRedirectTo(blocklist, url) ? url : ''])) as T;
}

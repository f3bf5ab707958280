import { redirectTarget } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { getShortLinkByCode } from './queries.ts';

/** What a link checks before it redirects: a password, an end date, a click limit. */
export interface LinkGuard {
  passwordHash: string | null;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  maxClicks: number | null;
  expiredUrl: string | null;
}

export interface CachedLink {
  id: number;
  url: string;
  host: string;
  /** The owner: a creator's links domain serves their codes only. */
  userId: string | null;
  /** The whole 302 header block, built once per cached link for the raw fast path. */
  redirectHeaders: string[];
  /** Set for a link with a password or an expiry: the fast path leaves it to the checked route. */
  guard: LinkGuard | undefined;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Short code → target, so a redirect needs no query. Entries live a minute; edits and deletes are
 * announced to every instance (see routes.ts), so a changed or removed link changes at once.
 */
export class RedirectCache {
  private entries = new Map<string, CachedLink & { expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly headers: Readonly<Record<string, string>>,
  ) {}

  /** The cached entry if it is fresh; never touches the database. */
  peek(code: string): CachedLink | undefined {
    const hit = this.entries.get(code);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  }

  async get(code: string): Promise<CachedLink | undefined> {
    const hit = this.peek(code);
    if (hit) return hit;
    const now = Date.now();
    const row = await getShortLinkByCode(this.db, code);
    if (!row) {
      this.entries.delete(code);
      return undefined;
    }
    let url = redirectTarget(row.originalUrl);
    let host = '';
    try {
      const parsed = new URL(url);
      host = parsed.hostname;
      url = parsed.href; // percent-encoded, always a valid Location header
    } catch {
      // an unparsable legacy URL still redirects; no host to block by
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const redirectHeaders = [
      ...Object.entries(this.headers).flat(),
      ...['Cache-Control', 'private, no-store', 'Location', url, 'Content-Length', '0'],
    ];
    const guarded = row.passwordHash !== null || row.expiresAt !== null || row.maxClicks !== null;
    const guard = guarded
      ? {
          passwordHash: row.passwordHash,
          expiresAt: row.expiresAt?.getTime() ?? null,
          maxClicks: row.maxClicks,
          expiredUrl: row.expiredUrl && new URL(row.expiredUrl).href,
        }
      : undefined;
    const entry = { id: row.id, url, host, userId: row.userId, redirectHeaders, guard, expiresAt: now + TTL_MS };
    this.entries.set(code, entry);
    return entry;
  }

  invalidate(code: string) {
    this.entries.delete(code);
  }
}

import { redirectTarget } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { getShortLinkByCode } from './queries.ts';

export interface CachedLink {
  id: number;
  url: string;
  host: string;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Short code → target, so a redirect needs no query. Entries live a minute; deletes are
 * announced to every instance (see routes.ts), so a removed link stops at once.
 */
export class RedirectCache {
  private entries = new Map<string, CachedLink & { expiresAt: number }>();

  constructor(private readonly db: Db) {}

  async get(code: string): Promise<CachedLink | undefined> {
    const now = Date.now();
    const hit = this.entries.get(code);
    if (hit && hit.expiresAt > now) return hit;
    const row = await getShortLinkByCode(this.db, code);
    if (!row) {
      this.entries.delete(code);
      return undefined;
    }
    const url = redirectTarget(row.originalUrl);
    let host = '';
    try {
      host = new URL(url).hostname;
    } catch {
      // an unparsable legacy URL still redirects; no host to block by
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const entry = { id: row.id, url, host, expiresAt: now + TTL_MS };
    this.entries.set(code, entry);
    return entry;
  }

  invalidate(code: string) {
    this.entries.delete(code);
  }
}

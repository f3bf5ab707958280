import { isBlockedHost } from '#shared/links.ts';
import type { Db } from '../../db/client.ts';
import { listBlockedDomains } from './queries.ts';

/** The admins' domain blocklist, held in memory and reloaded when any instance changes it. */
export class Blocklist {
  private domains = new Set<string>();

  constructor(private readonly db: Db) {}

  async reload() {
    const rows = await listBlockedDomains(this.db);
    this.domains = new Set(rows.map((row) => row.domain));
  }

  /** The blocked domain that covers this host, if any. */
  match(host: string): string | undefined {
    return this.domains.size === 0 ? undefined : isBlockedHost(host, this.domains);
  }
}

// A short link as the API answers it (GET /api/links/:code leaves out shortUrl), from the links contract.
export type { CountByValue, LinkDetails, LinkStats, MyLinksPage, ShortLink } from '#shared/links-api.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const LINKS_QUERY_KEY = ['links'] as const;

/** Which link a `/api/links/:code…` call means: a code on this site, or on a links domain (codes are unique per domain). */
export interface LinkAddress {
  code: string;
  /** The links domain's host name; null or left out: this site. */
  domain?: string | null;
}

/** The query naming the link's domain (none for this site's links). */
export const domainQuery = (domain: string | null | undefined): { domain?: string } => (domain ? { domain } : {});

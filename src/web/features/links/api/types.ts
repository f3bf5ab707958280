// A short link as the API answers it (GET /api/links/:code leaves out shortUrl), from the links contract.
export type { CountByValue, LinkDetails, LinkStats, MyLinksPage, ShortLink } from '#shared/links-api.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const LINKS_QUERY_KEY = ['links'] as const;

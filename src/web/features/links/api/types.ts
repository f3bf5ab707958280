/** A short link as the API answers it (GET /api/links/{code} leaves out shortUrl). */
export interface LinkDetails {
  code: string;
  url: string;
  clicks: number;
  createdAt: string;
}

export interface ShortLink extends LinkDetails {
  shortUrl: string;
}

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const LINKS_QUERY_KEY = ['links'] as const;

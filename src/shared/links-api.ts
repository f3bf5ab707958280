/** The links routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';

export { noContentSchema };

/** A short link's public details (GET /api/links/:code). */
export const linkDetailsSchema = z.object({
  code: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type LinkDetails = z.infer<typeof linkDetailsSchema>;

/** A short link as its owner sees it, with the URL to share. */
export const shortLinkSchema = z.object({
  code: z.string(),
  shortUrl: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

export const myLinksPageSchema = z.object({
  items: z.array(shortLinkSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyLinksPage = z.infer<typeof myLinksPageSchema>;

const countByValueSchema = z.object({ value: z.string(), clicks: z.number().int() });
export type CountByValue = z.infer<typeof countByValueSchema>;

export const linkStatsSchema = shortLinkSchema.extend({
  /** The last 30 days (UTC), oldest first. */
  daily: z.array(z.object({ day: z.string(), clicks: z.number().int() })),
  referrers: z.array(countByValueSchema),
  browsers: z.array(countByValueSchema),
  devices: z.array(countByValueSchema),
});
export type LinkStats = z.infer<typeof linkStatsSchema>;

/**
 * `GET /api/links/` (trailing slash) only ever answers 400 code_required (the check form sent an
 * empty code); this describes the success it never sends, so the route is in the contract.
 */
export const emptyCodeSchema = z.never();

// The admins' domain blocklist (the routes live in the links module, beside the blocklist itself).
export const blockedDomainSchema = z.object({ domain: z.string(), createdAt: z.string(), createdBy: z.string().nullable() });
export type BlockedDomain = z.infer<typeof blockedDomainSchema>;
export const blockedDomainsSchema = z.object({ items: z.array(blockedDomainSchema) });
/** The domain as stored: lower case, without scheme, path or `www.`. */
export const blockedDomainAddedSchema = z.object({ domain: z.string() });

/** A 204 answer: no body. */

export const LINKS_API = {
  'POST /api/links': shortLinkSchema,
  'GET /api/links': myLinksPageSchema,
  'GET /api/links/': emptyCodeSchema,
  'GET /api/links/:code': linkDetailsSchema,
  'GET /api/links/:code/stats': linkStatsSchema,
  'DELETE /api/links/:code': noContentSchema,
  'GET /api/admin/blocked-domains': blockedDomainsSchema,
  'POST /api/admin/blocked-domains': blockedDomainAddedSchema,
  'DELETE /api/admin/blocked-domains/:domain': noContentSchema,
} as const satisfies ApiRoutes;

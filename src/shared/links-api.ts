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
  /** Visitors type a password before the redirect. */
  hasPassword: z.boolean(),
  /** The link stops at this time (ISO) or after this many clicks, then goes to expiredUrl or the not-found screen. */
  expiresAt: z.string().nullable(),
  maxClicks: z.number().int().nullable(),
  expiredUrl: z.string().nullable(),
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
 * PATCH /api/links/:code: only the fields sent change; `null` removes a password, end date, click
 * limit or address after expiry. Ranges are checked by checkLinkSettings, for messages by code.
 */
export const linkUpdateSchema = z.object({
  url: z.string().max(20_000).optional(),
  code: z.string().max(1000).optional(),
  password: z.string().max(1000).nullable().optional(),
  expiresAt: z.string().max(100).nullable().optional(),
  maxClicks: z.number().nullable().optional(),
  expiredUrl: z.string().max(20_000).nullable().optional(),
});
export type LinkUpdate = z.infer<typeof linkUpdateSchema>;

/** POST /api/links/:code/unlock: the right password answers where to go (the click is counted). */
export const linkUnlockedSchema = z.object({ url: z.string() });

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
  'PATCH /api/links/:code': shortLinkSchema,
  'POST /api/links/:code/unlock': linkUnlockedSchema,
  'DELETE /api/links/:code': noContentSchema,
  'GET /api/admin/blocked-domains': blockedDomainsSchema,
  'POST /api/admin/blocked-domains': blockedDomainAddedSchema,
  'DELETE /api/admin/blocked-domains/:domain': noContentSchema,
} as const satisfies ApiRoutes;

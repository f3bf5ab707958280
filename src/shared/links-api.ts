/** The links routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, noContentSchema, type ApiRoutes } from './api-contract.ts';
import { LINK_REPORT_REASONS, LINK_REPORT_STATUSES, LINK_TAG_COLORS } from './links.ts';

export { noContentSchema };

/** A short link's public details (GET /api/links/:code). */
export const linkDetailsSchema = z.object({
  code: z.string(),
  url: z.string().nullable().describe('Where the link goes; null for a link with a click limit or an end date, unless the asker is its owner (a visit tells it, and counts).'),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type LinkDetails = z.infer<typeof linkDetailsSchema>;

/** A tag of the user's links, with its colour. */
export const linkTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.enum(LINK_TAG_COLORS).describe('One of the tag colours; the dashboard shows each in a light and a dark shade.'),
});
export type LinkTag = z.infer<typeof linkTagSchema>;
export const linkTagsSchema = z.object({ items: z.array(linkTagSchema) });

const countryUrlSchema = z.object({
  country: z.string().max(10).describe('ISO 3166-1 alpha-2 country code of the visitor, e.g. "DE".'),
  url: z.string().max(20_000).describe('Where visitors from that country go.'),
});
const utmSchema = z
  .object({
    source: z.string().max(1000).nullable().optional(),
    medium: z.string().max(1000).nullable().optional(),
    campaign: z.string().max(1000).nullable().optional(),
    term: z.string().max(1000).nullable().optional(),
    content: z.string().max(1000).nullable().optional(),
  })
  .describe('UTM parameters added to every destination on redirect (utm_source, utm_medium, …); an empty value is left out.');

/** A short link as its owner sees it, with the URL to share. */
export const shortLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The links domain the code lives on (`go.example.com`); null: this site (`/z/<code>`). */
  domain: z.string().nullable(),
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
  /** Targeting: the first that matches the visitor (iOS, Android, then country) wins, else `url`. */
  iosUrl: z.string().nullable(),
  androidUrl: z.string().nullable(),
  countryUrls: z.array(z.object({ country: z.string(), url: z.string() })),
  utm: z.object({
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    term: z.string().nullable(),
    content: z.string().nullable(),
  }),
  tags: z.array(linkTagSchema),
  /** The link preview link-preview bots are shown (Open Graph tags); null when not set. */
  previewTitle: z.string().nullable(),
  previewDescription: z.string().nullable(),
  previewImageUrl: z.string().nullable(),
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
  /** The first and last day of the range (UTC, YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Each day of the range (UTC), oldest first. */
  daily: z.array(z.object({ day: z.string(), clicks: z.number().int() })),
  referrers: z.array(countByValueSchema),
  browsers: z.array(countByValueSchema),
  devices: z.array(countByValueSchema),
  os: z.array(countByValueSchema),
  /** ISO country codes; "--" for addresses the country database does not place. */
  countries: z.array(countByValueSchema),
  /**
   * What the link's clicks led to in the range, on the owner's products (a click is remembered for 30 days):
   * product views, checkouts started, sales kept and their revenue less refunds, in the store's currency.
   */
  funnel: z.object({
    productViews: z.number().int(),
    checkouts: z.number().int(),
    sales: z.number().int(),
    revenueCents: z.number().int(),
    currency: currencySchema,
  }),
});
export type LinkStats = z.infer<typeof linkStatsSchema>;

/**
 * PATCH /api/links/:code: only the fields sent change; `null` removes a password, end date, click
 * limit or address after expiry. Ranges are checked by checkLinkSettings, for messages by code.
 */
const linkSettingsFields = {
  password: z.string().max(1000).nullable().optional().describe('Visitors type this password before the redirect (stored hashed); null removes it.'),
  expiresAt: z.string().max(100).nullable().optional().describe('ISO date-time after which the link stops redirecting.'),
  maxClicks: z.number().nullable().optional().describe('The link stops after this many clicks.'),
  expiredUrl: z.string().max(20_000).nullable().optional().describe('Where an ended link sends visitors (else the not-found screen).'),
  iosUrl: z.string().max(20_000).nullable().optional().describe('Destination for iPhone, iPad and iPod visitors.'),
  androidUrl: z.string().max(20_000).nullable().optional().describe('Destination for Android visitors.'),
  countryUrls: z
    .array(countryUrlSchema)
    .max(1000)
    .nullable()
    .optional()
    .describe('Destinations by visitor country, after the iOS and Android ones; the first match wins, else `url`.'),
  utm: utmSchema.nullable().optional(),
  tags: z.array(z.string().max(1000)).max(1000).optional().describe('Names of the owner\'s tags to attach (a new name makes a gray tag); replaces the link\'s tags.'),
  previewTitle: z.string().max(5000).nullable().optional().describe('Link preview: the title link-preview bots show (og:title); null or empty removes it.'),
  previewDescription: z.string().max(5000).nullable().optional().describe('Link preview: the description (og:description).'),
  previewImageUrl: z.string().max(20_000).nullable().optional().describe('Link preview: an https address of the image (og:image).'),
};

const domainField = z
  .string()
  .max(300)
  .nullable()
  .optional()
  .describe("One of the owner's verified links domains (`go.example.com`) the code lives on; null or left out: this site (`/z/<code>`). Codes are unique per domain.");

export const linkUpdateSchema = z.object({
  url: z.string().max(20_000).optional(),
  code: z.string().max(1000).optional(),
  domain: domainField.describe("Moves the link to one of the owner's verified links domains (`go.example.com`), or to this site with null; left out: it stays."),
  ...linkSettingsFields,
});
export type LinkUpdate = z.infer<typeof linkUpdateSchema>;

/** POST /api/links: a destination, optionally a custom code and any setting an edit can change. */
export const linkCreateSchema = z.object({
  url: z.string().max(20_000).default('').describe('The destination (http or https).'),
  code: z.string().max(1000).optional().describe('A custom code; a random one when left out.'),
  domain: domainField,
  ...linkSettingsFields,
});
export type LinkCreate = z.input<typeof linkCreateSchema>;

/** GET /api/link-domains: the verified links domains the account's links may use. */
export const linkDomainsSchema = z.object({ items: z.array(z.object({ hostname: z.string() })) });
export type LinkDomains = z.infer<typeof linkDomainsSchema>;

/** POST /api/link-tags and PATCH /api/link-tags/:id. */
export const linkTagInputSchema = z.object({ name: z.string().max(1000), color: z.string().max(100) });
export const linkTagUpdateSchema = linkTagInputSchema.partial();

/**
 * Which link a `/api/links/:code…` route means: the code on this site, or with `domain` the code on
 * that links domain (the same code may live on several).
 */
export const linkAddressSchema = z.object({
  domain: z.string().max(300).optional().describe('The links domain the code lives on (`go.example.com`); left out: this site.'),
});

/** GET /api/links/:code/stats: 7, 30 or 90 days back from today, or from/to (UTC days, at most a year). */
export const linkStatsQuerySchema = linkAddressSchema.extend({
  days: z.enum(['7', '30', '90']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

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

/** POST /api/links/import: one entry per data row of the file, in file order. */
export const linkImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  url: z.string(),
  code: z.string().nullable(),
  status: z.enum(['created', 'refused']),
  shortUrl: z.string().nullable(),
  /** Why a refused row was refused: a code the web translates, its English message and its values. */
  error: z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).nullable(),
});
export type LinkImportRow = z.infer<typeof linkImportRowSchema>;
export const linkImportReportSchema = z.object({
  created: z.number().int(),
  refused: z.number().int(),
  rows: z.array(linkImportRowSchema),
});
export type LinkImportReport = z.infer<typeof linkImportReportSchema>;

/** POST /api/links/:code/report: a visitor's report (no account needed). */
export const linkReportInputSchema = z.object({
  reason: z.string().max(100).describe(`One of ${LINK_REPORT_REASONS.join(', ')}.`),
  details: z.string().max(20_000).optional().describe('What is wrong with the link (optional).'),
});
export const linkReportedSchema = z.object({ received: z.literal(true) });

/** The admins' queue of reports. */
export const linkReportSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  reason: z.enum(LINK_REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(LINK_REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The link as it is now; null when it was deleted. */
  link: z.object({ url: z.string(), host: z.string(), ownerEmail: z.string().nullable(), banned: z.boolean(), domainBlocked: z.boolean() }).nullable(),
});
export type LinkReport = z.infer<typeof linkReportSchema>;
export const linkReportsPageSchema = z.object({ items: z.array(linkReportSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type LinkReportsPage = z.infer<typeof linkReportsPageSchema>;

/** A 204 answer: no body. */

export const LINKS_API = {
  'POST /api/links': shortLinkSchema,
  'GET /api/links': myLinksPageSchema,
  'GET /api/links/': emptyCodeSchema,
  'GET /api/links/:code': linkDetailsSchema,
  'GET /api/links/:code/stats': linkStatsSchema,
  'GET /api/link-tags': linkTagsSchema,
  'GET /api/link-domains': linkDomainsSchema,
  'POST /api/link-tags': linkTagSchema,
  'PATCH /api/link-tags/:id': linkTagSchema,
  'DELETE /api/link-tags/:id': noContentSchema,
  'PATCH /api/links/:code': shortLinkSchema,
  'POST /api/links/:code/unlock': linkUnlockedSchema,
  'DELETE /api/links/:code': noContentSchema,
  'GET /api/admin/blocked-domains': blockedDomainsSchema,
  'POST /api/admin/blocked-domains': blockedDomainAddedSchema,
  'DELETE /api/admin/blocked-domains/:domain': noContentSchema,
  'POST /api/links/import': linkImportReportSchema,
  'POST /api/links/:code/report': linkReportedSchema,
  'GET /api/admin/link-reports': linkReportsPageSchema,
  'POST /api/admin/link-reports/:reportId/dismiss': linkReportSchema,
  'POST /api/admin/link-reports/:reportId/disable-link': linkReportSchema,
  'POST /api/admin/link-reports/:reportId/block-domain': linkReportSchema,
} as const satisfies ApiRoutes;

/** ZerriLink rules shared by the forms and the server (SPEC §5, §9 and the ZerriLink issue). */

export const SHORT_CODE_LENGTH = 6;
export const SHORT_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const URL_MAX_LENGTH = 2048;
export const CUSTOM_CODE_MIN = 3;
export const CUSTOM_CODE_MAX = 64;
export const REDIRECT_ERROR_DELAY_MS = 2000;
export const LINK_PASSWORD_MIN = 4;
export const LINK_PASSWORD_MAX = 128;
export const MAX_CLICKS_LIMIT = 1_000_000_000;
export const COUNTRY_URLS_MAX = 50;
/** The longest custom range of a link's analytics. */
export const STATS_DAYS_MAX = 366;
export const UTM_VALUE_MAX = 200;
export const LINK_TAG_NAME_MAX = 40;
export const LINK_TAGS_PER_LINK_MAX = 10;
export const LINK_TAGS_PER_USER_MAX = 200;
/** Tag colours by name (the web maps each to a light and a dark shade with enough contrast). */
export const LINK_TAG_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export type LinkTagColor = (typeof LINK_TAG_COLORS)[number];
/** Bulk import: rows of one file (past it the whole file is refused) and its size. */
export const LINK_IMPORT_ROWS_MAX = 5000;
export const LINK_IMPORT_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** Link previews shown to link-preview bots. */
export const PREVIEW_TITLE_MAX = 200;
export const PREVIEW_DESCRIPTION_MAX = 500;
/** Reports of a link by visitors, queued for admins. */
export const LINK_REPORT_REASONS = ['spam', 'phishing', 'malware', 'illegal', 'other'] as const;
export type LinkReportReason = (typeof LINK_REPORT_REASONS)[number];
export const LINK_REPORT_DETAILS_MAX = 1000;
/** open until an admin dismisses it, disables the link, or blocks its domain. */
export const LINK_REPORT_STATUSES = ['open', 'dismissed', 'link_disabled', 'domain_blocked'] as const;
export type LinkReportStatus = (typeof LINK_REPORT_STATUSES)[number];

/** A per-country destination: an ISO 3166-1 alpha-2 code (upper case) and where its visitors go. */
export interface CountryUrl {
  country: string;
  url: string;
}

/** UTM parameters added to a link's destinations at redirect; a missing or empty one is left out. */
export interface LinkUtm {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  term?: string | null;
  content?: string | null;
}
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The UTM values set, trimmed; undefined when none is. */
export function cleanUtm(utm: LinkUtm | null | undefined): LinkUtm | undefined {
  if (!utm) return undefined;
  const clean: LinkUtm = {};
  for (const field of UTM_FIELDS) {
    const value = utm[field]?.trim();
    if (value) clean[field] = value;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/**
 * The destination with the link's UTM parameters: each set one replaces a utm_* parameter of the
 * same name already in the URL; the others and the fragment stay.
 */
export function withUtm(url: string, utm: LinkUtm | null | undefined): string {
  const clean = cleanUtm(utm);
  if (!clean) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  for (const field of UTM_FIELDS) {
    const value = clean[field];
    if (value) parsed.searchParams.set(`utm_${field}`, value);
  }
  return parsed.href;
}

/** The platform a User-Agent names, for targeting and the OS breakdown. */
export function operatingSystem(userAgent: string): string {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux|X11/.test(userAgent)) return 'Linux';
  return 'Other';
}

/**
 * Cross-instance notices of the links module (`link.removed` with a linkCacheKey, `links.added`, `blocklist.changed`), on
 * a realtime channel no browser subscribes to; admins' bans publish here too.
 */
export const LINKS_INTERNAL_CHANNEL = 'internal:links';

/**
 * Links in an owner's `links.clicked` event, the most clicked of the flush: with the longest codes it
 * stays well under PostgreSQL's 8,000-byte notice. An owner with more clicked links gets `more` instead
 * of more events (every instance reads every notice: 50,000 links clicked in a second were 1,000).
 */
export const LINKS_CLICKED_CHUNK = 50;

/**
 * A link's key in the redirect cache and in `link.removed` notices: its code on the main host, else
 * "<domain id>/<code>" (codes have no "/", so the two never meet).
 */
export const linkCacheKey = (code: string, domainId: string | null) => (domainId === null ? code : `${domainId}/${code}`);

/** Codes that would shadow a page or a route of ours; refused in any letter case. */
export const RESERVED_CODES = [
  'about', 'admin', 'api', 'assets', 'auth', 'blog', 'careers', 'contact', 'creator-dashboard', 'dashboard',
  'dev', 'docs', 'favicon', 'guides', 'library', 'pay', 'privacy', 'resources', 'store', 'support', 'z',
  'zerrilink', 'zerrilink-dashboard', 'login', 'signup', 'logout', 'settings', 'static', 'health',
] as const;

export const LINK_MESSAGES = {
  urlRequired: 'Please enter a URL to shorten.',
  urlScheme: 'URL must start with http:// or https://',
  urlTooLong: `URL must be at most ${URL_MAX_LENGTH} characters.`,
  urlInvalid: 'Please enter a valid web address.',
  urlLoop: 'You cannot shorten a link to another short link of this site.',
  codeRequired: 'Please enter your desired custom code.',
  codeCharacters: 'Custom code can only contain letters, numbers, underscores, and hyphens.',
  codeLength: `Custom code must be ${CUSTOM_CODE_MIN} to ${CUSTOM_CODE_MAX} characters.`,
  codeReserved: (code: string) => `The code "${code}" is reserved. Please choose another one.`,
  codeTaken: (code: string) => `The code "${code}" is already taken. Please try a different one.`,
  checkRequired: 'Please enter a link code.',
  notFoundTitle: 'Not Found',
  notFound: (code: string) => `The link code "${code}" was not found.`,
  domainBlocked: (domain: string) => `Links to ${domain} are not allowed on this site.`,
  copied: 'Copied!',
  invalidLinkTitle: 'Invalid Link',
  aliasMissing: 'The shortlink alias is missing.',
  linkNotFoundTitle: 'Link Not Found',
  linkNotFound: 'This shortlink does not exist or has been removed.',
  passwordLength: `The password must be ${LINK_PASSWORD_MIN} to ${LINK_PASSWORD_MAX} characters.`,
  passwordRequired: 'This link is protected by a password.',
  passwordEmpty: 'Please enter the password.',
  passwordWrong: 'That password is not right. Please try again.',
  passwordTooManyTries: (seconds: number) => `Too many wrong passwords. Please wait ${seconds} seconds and try again.`,
  expiresInvalid: 'Please enter a valid end date.',
  expiresPast: 'The end date must be in the future.',
  maxClicksInvalid: `The maximum number of clicks must be a whole number from 1 to ${MAX_CLICKS_LIMIT.toLocaleString('en-US')}.`,
  expiredUrlInvalid: 'The address after expiry must be a full web address starting with http:// or https://.',
  countryInvalid: 'Please pick a country for each country destination.',
  countryRepeated: (country: string) => `There are two destinations for ${country}. Please keep one.`,
  countryUrlsTooMany: `A link can have at most ${COUNTRY_URLS_MAX} country destinations.`,
  utmTooLong: `Each UTM value must be at most ${UTM_VALUE_MAX} characters.`,
  tagNameLength: `A tag name must be 1 to ${LINK_TAG_NAME_MAX} characters.`,
  tagColor: 'Please pick one of the tag colours.',
  tagsTooMany: `A link can have at most ${LINK_TAGS_PER_LINK_MAX} tags.`,
  tagTaken: (name: string) => `You already have a tag called "${name}".`,
  tagNotFound: 'Tag not found.',
  tagsSignIn: 'Please log in to tag links.',
  domainUnavailable: 'Choose one of your verified links domains, or this site.',
  statsRangeInvalid: `Please pick a start day on or before the end day, at most ${STATS_DAYS_MAX} days apart.`,
  importNoFile: 'Please choose a CSV file to import.',
  importFileTooLarge: `The file is too large. A file can be at most ${LINK_IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  importTooManyRows: `A file can have at most ${LINK_IMPORT_ROWS_MAX.toLocaleString('en-US')} links. Please split it into smaller files.`,
  importNoUrlColumn: 'The file needs a column named url (or long_url, as in a Bitly export).',
  importInvalidCsv: 'The file is not a valid CSV file (a quoted field is never closed).',
  importCodeRepeated: (code: string) => `The code "${code}" is used more than once in the file.`,
  previewTitleLength: `The preview title must be at most ${PREVIEW_TITLE_MAX} characters.`,
  previewDescriptionLength: `The preview description must be at most ${PREVIEW_DESCRIPTION_MAX} characters.`,
  previewImageInvalid: 'The preview image must be a full web address starting with https://.',
  reportReasonInvalid: 'Please pick a reason for your report.',
  reportDetailsTooLong: `Please keep the details to at most ${LINK_REPORT_DETAILS_MAX} characters.`,
  reportNotFound: 'This report was not found.',
  reportLinkGone: 'The reported link no longer exists.',
  reportNoDomain: 'The reported link has no domain to block.',
} as const;

/** Visitors' reports of links, over their limit (kept out of LINK_MESSAGES, whose functions take a code). */
export const linkReportLimitMessage = (seconds: number) => `You have sent many reports in a short time. Please wait ${seconds} seconds and try again.`;

/** Signed-out visitors' link creation, over its limit (kept out of LINK_MESSAGES, whose functions take a code). */
export const anonymousLinkLimitMessage = (seconds: number) =>
  `You have created many links in a short time. Please wait ${seconds} seconds, or log in to create more.`;

/** A failed check names its message by code (and the values in it), so the web can show it in any language. */
export type Result<T> = { ok: true; value: T } | { ok: false; code: string; message: string; params?: Record<string, string> };

// Whitespace or control characters anywhere could hide a scheme ("java\tscript:") from a naive check.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;

/** Checks a URL to shorten: only plain http(s) with a host, no hidden characters. */
export function validateTargetUrl(raw: string): Result<string> {
  const url = raw.trim();
  if (!url) return { ok: false, code: 'url_required', message: LINK_MESSAGES.urlRequired };
  if (url.length > URL_MAX_LENGTH) return { ok: false, code: 'url_too_long', message: LINK_MESSAGES.urlTooLong };
  if (HIDDEN_CHARACTERS.test(url) || !/^https?:\/\//i.test(url)) return { ok: false, code: 'url_scheme', message: LINK_MESSAGES.urlScheme };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, code: 'url_invalid', message: LINK_MESSAGES.urlInvalid };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    return { ok: false, code: 'url_scheme', message: LINK_MESSAGES.urlScheme };
  }
  return { ok: true, value: url };
}

/** A link's password, expiry date, maximum clicks and address after expiry; `null` clears one. */
export interface LinkSettings {
  password?: string | null;
  /** An ISO date-time. */
  expiresAt?: string | null;
  maxClicks?: number | null;
  expiredUrl?: string | null;
  iosUrl?: string | null;
  androidUrl?: string | null;
  countryUrls?: CountryUrl[] | null;
  utm?: LinkUtm | null;
  previewTitle?: string | null;
  previewDescription?: string | null;
  previewImageUrl?: string | null;
}

type Problem = Extract<Result<never>, { ok: false }> & { field: keyof LinkSettings; index?: number };

const urlProblem = (field: 'iosUrl' | 'androidUrl' | 'countryUrls', url: string, index?: number): Problem | undefined => {
  const target = validateTargetUrl(url);
  return target.ok ? undefined : { ...target, field, index };
};

/**
 * Checks the settings given (the form before it sends, the server before it stores). An end date
 * in the past is refused only when it is new (`currentExpiresAt` is the one stored).
 */
export function checkLinkSettings(settings: LinkSettings, now = Date.now(), currentExpiresAt?: string | null): Problem | undefined {
  const { password, expiresAt, maxClicks, expiredUrl } = settings;
  if (typeof password === 'string' && (password.length < LINK_PASSWORD_MIN || password.length > LINK_PASSWORD_MAX)) {
    return { field: 'password', ok: false, code: 'password_length', message: LINK_MESSAGES.passwordLength };
  }
  if (expiresAt) {
    const time = Date.parse(expiresAt);
    if (Number.isNaN(time)) return { field: 'expiresAt', ok: false, code: 'expires_invalid', message: LINK_MESSAGES.expiresInvalid };
    const unchanged = currentExpiresAt != null && Date.parse(currentExpiresAt) === time;
    if (time <= now && !unchanged) return { field: 'expiresAt', ok: false, code: 'expires_past', message: LINK_MESSAGES.expiresPast };
  }
  if (maxClicks != null && (!Number.isInteger(maxClicks) || maxClicks < 1 || maxClicks > MAX_CLICKS_LIMIT)) {
    return { field: 'maxClicks', ok: false, code: 'max_clicks_invalid', message: LINK_MESSAGES.maxClicksInvalid };
  }
  if (expiredUrl && !validateTargetUrl(expiredUrl).ok) {
    return { field: 'expiredUrl', ok: false, code: 'expired_url_invalid', message: LINK_MESSAGES.expiredUrlInvalid };
  }
  for (const field of ['iosUrl', 'androidUrl'] as const) {
    const url = settings[field];
    const problem = url ? urlProblem(field, url) : undefined;
    if (problem) return problem;
  }
  const countryUrls = settings.countryUrls ?? [];
  if (countryUrls.length > COUNTRY_URLS_MAX) return { field: 'countryUrls', ok: false, code: 'country_urls_too_many', message: LINK_MESSAGES.countryUrlsTooMany };
  const seen = new Set<string>();
  for (const [index, { country, url }] of countryUrls.entries()) {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) return { field: 'countryUrls', index, ok: false, code: 'country_invalid', message: LINK_MESSAGES.countryInvalid };
    if (seen.has(code)) {
      return { field: 'countryUrls', index, ok: false, code: 'country_repeated', message: LINK_MESSAGES.countryRepeated(code), params: { country: code } };
    }
    seen.add(code);
    const problem = urlProblem('countryUrls', url, index);
    if (problem) return problem;
  }
  if (settings.utm && UTM_FIELDS.some((field) => (settings.utm?.[field]?.trim().length ?? 0) > UTM_VALUE_MAX)) {
    return { field: 'utm', ok: false, code: 'utm_too_long', message: LINK_MESSAGES.utmTooLong };
  }
  if ((settings.previewTitle?.trim().length ?? 0) > PREVIEW_TITLE_MAX) {
    return { field: 'previewTitle', ok: false, code: 'preview_title_length', message: LINK_MESSAGES.previewTitleLength };
  }
  if ((settings.previewDescription?.trim().length ?? 0) > PREVIEW_DESCRIPTION_MAX) {
    return { field: 'previewDescription', ok: false, code: 'preview_description_length', message: LINK_MESSAGES.previewDescriptionLength };
  }
  const image = settings.previewImageUrl?.trim();
  // https only: the image is shown by other sites' previews, which refuse or warn on plain http.
  if (image && (!validateTargetUrl(image).ok || !/^https:\/\//i.test(image))) {
    return { field: 'previewImageUrl', ok: false, code: 'preview_image_invalid', message: LINK_MESSAGES.previewImageInvalid };
  }
  return undefined;
}

/** Paths a links domain answers itself on any host (probes): no code there. */
export const DOMAIN_RESERVED_CODES = ['healthz', 'readyz', 'metrics'] as const;

/**
 * Checks a custom code; `undefined` means the code may be used (if free). The reserved words shadow
 * pages of this site, so they matter on the main host only; a links domain has its probe paths.
 */
export function checkCustomCode(code: string, onDomain = false): Extract<Result<never>, { ok: false }> | undefined {
  if (!code) return { ok: false, code: 'custom_code_required', message: LINK_MESSAGES.codeRequired };
  if (!/^[A-Za-z0-9_-]+$/.test(code)) return { ok: false, code: 'code_characters', message: LINK_MESSAGES.codeCharacters };
  if (code.length < CUSTOM_CODE_MIN || code.length > CUSTOM_CODE_MAX) return { ok: false, code: 'code_length', message: LINK_MESSAGES.codeLength };
  if (((onDomain ? DOMAIN_RESERVED_CODES : RESERVED_CODES) as readonly string[]).includes(code.toLowerCase())) {
    return { ok: false, code: 'code_reserved', message: LINK_MESSAGES.codeReserved(code), params: { code } };
  }
  return undefined;
}

/** The message of checkCustomCode's problem, if any. */
export const customCodeProblem = (code: string): string | undefined => checkCustomCode(code)?.message;

/** True when the URL points at a short link of this deployment (a redirect loop). */
export function isOwnShortLink(url: string, ownHosts: string[]): boolean {
  try {
    const parsed = new URL(url);
    const hosts = ownHosts.map((host) => host.toLowerCase());
    return hosts.includes(parsed.host.toLowerCase()) && /^\/z(\/|$)/i.test(decodeURIComponent(parsed.pathname));
  } catch {
    return false;
  }
}

/** A random code from a cryptographic source, without modulo bias. */
export function generateShortCode(randomBytes: (size: number) => Uint8Array, length = SHORT_CODE_LENGTH): string {
  const alphabetSize = SHORT_CODE_ALPHABET.length; // 62
  const limit = 256 - (256 % alphabetSize); // 248: bytes at or above are rejected
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && code.length < length) code += SHORT_CODE_ALPHABET[byte % alphabetSize];
    }
  }
  return code;
}

/** Legacy rows may lack a scheme; the redirect then assumes http:// (SPEC §4). */
export function redirectTarget(originalUrl: string): string {
  return /^https?:\/\//i.test(originalUrl) ? originalUrl : `http://${originalUrl}`;
}

/**
 * The address to share: `<origin>/z/<code>` on the main host, `<scheme>//<domain>/<code>` on a links
 * domain (on the main host's scheme: custom domains are served behind the same TLS front).
 */
export function shortUrl(origin: string, code: string, domain?: string | null): string {
  if (domain) return `${new URL(origin).protocol}//${domain}/${code}`;
  return `${origin.replace(/\/+$/, '')}/z/${code}`;
}

/** Domain blocklist match: the domain itself or any subdomain. */
export function isBlockedHost(host: string, blockedDomains: Iterable<string>): string | undefined {
  const hostname = host.toLowerCase().replace(/\.$/, '');
  for (const domain of blockedDomains) {
    if (hostname === domain || hostname.endsWith(`.${domain}`)) return domain;
  }
  return undefined;
}

export function normalizeDomain(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/\.$/, '');
  // "www.example.com" means the site example.com (blocking covers its subdomains, www included).
  const bare = host.replace(/^www\./, '');
  const value = bare.includes('.') ? bare : host;
  return /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/.test(value) ? value : undefined;
}

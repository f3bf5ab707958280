/** The site's own messages: marketing pages, media and the event stream. */
export const SITE_MESSAGES = {
  noSuchFile: 'No such file.',
} as const;

/** The messages of the public site's content check (Admin › Settings › Public site). */
export const SITE_CONTENT_MESSAGES = {
  noticeTextTooLong: 'The notice may have at most 500 characters.',
  testimonialNameRequired: 'Each testimonial needs a name.',
  testimonialQuoteRequired: 'Each testimonial needs a quote.',
  testimonialTooLong: 'A testimonial’s name and role may have at most 80 characters, its quote 600.',
  testimonialRating: 'A rating is a whole number of stars from 1 to 5.',
  tooManyTestimonials: 'At most 12 testimonials.',
  socialUrlInvalid: 'Enter a full address starting with https:// or http://.',
  socialUrlHomePage: 'Enter the address of your own page on this network, not the network’s home page.',
  contactEmailInvalid: 'Enter a valid e-mail address, or leave it empty to use the server’s address.',
  userCounterThreshold: 'Enter a whole number of users, 0 or more.',
} as const;

// ---- What the operator says on the public site (Admin › Settings › Public site; issue #42) ----

/** The social networks of the footer and the contact page. */
export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The contact addresses of /api/site; each defaults to the server's CONTACT_EMAIL_* setting. */
export const CONTACT_KINDS = ['general', 'support', 'partnerships', 'careers'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const TESTIMONIALS_MAX = 12;
export const MAX_RATING = 5;

export interface Testimonial {
  name: string;
  /** May be empty. */
  role: string;
  quote: string;
  /** Whole stars, 1 to MAX_RATING. */
  rating: number;
}

/**
 * Everything the operator decides about the public site (checked by `siteContentSchema`,
 * #shared/site-content.ts). A null text is the spec's own text in the visitor's language (the
 * translations); a text the admin wrote is shown as written.
 */
export interface SiteContent {
  /** The first-visit "under construction" notice of the home page. */
  constructionNotice: { shown: boolean; text: string | null };
  /** The hero's "A premium version is coming soon". */
  premiumNotice: { shown: boolean };
  /** null items: the spec's three testimonials (DEFAULT_TESTIMONIALS), translated. */
  testimonials: { shown: boolean; items: Testimonial[] | null };
  /** The registered-user counter shows once there are at least this many accounts (0: always). */
  userCounter: { minUsers: number };
  /** Footer and contact page; null hides the network. */
  socialLinks: Record<SocialNetwork, string | null>;
  /** null: the server's CONTACT_EMAIL_* address. */
  contacts: Record<ContactKind, string | null>;
}

/** A new install: the spec's texts, every notice on, the counter always shown, no social link. */
export const SITE_CONTENT_DEFAULTS: SiteContent = {
  constructionNotice: { shown: true, text: null },
  premiumNotice: { shown: true },
  testimonials: { shown: true, items: null },
  userCounter: { minUsers: 0 },
  socialLinks: { facebook: null, x: null, linkedin: null, instagram: null },
  contacts: { general: null, support: null, partnerships: null, careers: null },
};

/** The spec's three fixed testimonials (ratings 5, 5 and 4); their quote and role are `site:testimonials.<key>.*`. */
export const DEFAULT_TESTIMONIALS = [
  { key: 'amara', name: 'Amara Okafor', rating: 5 },
  { key: 'diego', name: 'Diego Hernández', rating: 5 },
  { key: 'lena', name: 'Lena Fischer', rating: 4 },
] as const;

/** The testimonials the home page shows: the operator's, else the spec's three in the visitor's language (`t`: site's words). */
export function testimonialsShown(items: Testimonial[] | null, t: (key: string) => string): Testimonial[] {
  return items ?? DEFAULT_TESTIMONIALS.map(({ key, name, rating }) => ({ name, rating, quote: t(`testimonials.${key}.quote`), role: t(`testimonials.${key}.role`) }));
}

/** A testimonial's avatar letters: the first of its first two words. */
export const testimonialInitials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);

/**
 * Whether an address is only a site's home page (`https://facebook.com`, `https://www.x.com/`): a
 * social link must name the operator's own page on the network.
 */
export function isBareHomePage(url: URL): boolean {
  return (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
}

/** Whether the home page shows the registered-user counter for `count` accounts. */
export function showsUserCounter(count: number, minUsers: number): boolean {
  return count >= minUsers;
}

/** Below this many accounts the counter speaks of an early community, not of a crowd. */
export const EARLY_COMMUNITY = 100;

/**
 * Which sentence goes with the registered-user count: a new install has a handful of accounts,
 * and "5 creators and customers have already joined" reads like an empty room.
 */
/**
 * The registered-user count as the home page writes it: 12345 → "12,345" in English without Intl, whose
 * first use loads locale data on the main thread of the first screen; other languages group digits with Intl.
 */
export function formatUserCount(count: number, language: string): string {
  const whole = Math.trunc(count);
  if (language === 'en') return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return new Intl.NumberFormat(language).format(whole);
}

export function counterWords(count: number): 'first' | 'early' | 'joined' {
  if (count <= 0) return 'first';
  return count < EARLY_COMMUNITY ? 'early' : 'joined';
}

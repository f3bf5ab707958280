/** The site's own messages: marketing pages, media and the event stream. */
import { z } from 'zod';

export const SITE_MESSAGES = {
  noSuchFile: 'No such file.',
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

export const TESTIMONIALS_MAX = 12;
export const MAX_RATING = 5;

export const testimonialSchema = z.object({
  name: z.string().trim().min(1, SITE_MESSAGES.testimonialNameRequired).max(80, SITE_MESSAGES.testimonialTooLong),
  role: z.string().trim().max(80, SITE_MESSAGES.testimonialTooLong),
  quote: z.string().trim().min(1, SITE_MESSAGES.testimonialQuoteRequired).max(600, SITE_MESSAGES.testimonialTooLong),
  rating: z.number().int(SITE_MESSAGES.testimonialRating).min(1, SITE_MESSAGES.testimonialRating).max(MAX_RATING, SITE_MESSAGES.testimonialRating),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/**
 * Whether an address is only a site's home page (`https://facebook.com`, `https://www.x.com/`): a
 * social link must name the operator's own page on the network.
 */
export function isBareHomePage(url: URL): boolean {
  return (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
}

/** A social link: a full http(s) address of a page on the network, not its home page; null: hidden. */
export const socialUrlSchema = z
  .string()
  .trim()
  .max(500, SITE_MESSAGES.socialUrlInvalid)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.socialUrlInvalid });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.') || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.socialUrlInvalid });
    } else if (isBareHomePage(url)) {
      ctx.addIssue({ code: 'custom', message: SITE_MESSAGES.socialUrlHomePage });
    }
  });

const contactEmailSchema = z.email(SITE_MESSAGES.contactEmailInvalid).max(254, SITE_MESSAGES.contactEmailInvalid);

/**
 * Everything the operator decides about the public site. A null text is the spec's own text in the
 * visitor's language (the translations); a text the admin wrote is shown as written.
 */
export const siteContentSchema = z.object({
  /** The first-visit "under construction" notice of the home page. */
  constructionNotice: z.object({ shown: z.boolean(), text: z.string().trim().min(1).max(500, SITE_MESSAGES.noticeTextTooLong).nullable() }),
  /** The hero's "A premium version is coming soon". */
  premiumNotice: z.object({ shown: z.boolean() }),
  /** null items: the spec's three testimonials (ratings 5, 5 and 4), translated. */
  testimonials: z.object({ shown: z.boolean(), items: z.array(testimonialSchema).max(TESTIMONIALS_MAX, SITE_MESSAGES.tooManyTestimonials).nullable() }),
  /** The registered-user counter shows once there are at least this many accounts (0: always). */
  userCounter: z.object({ minUsers: z.number().int(SITE_MESSAGES.userCounterThreshold).min(0, SITE_MESSAGES.userCounterThreshold).max(1_000_000_000, SITE_MESSAGES.userCounterThreshold) }),
  /** Footer and contact page; null hides the network. */
  socialLinks: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialUrlSchema.nullable()])) as Record<SocialNetwork, z.ZodNullable<typeof socialUrlSchema>>),
  /** null: the server's CONTACT_EMAIL_* address. */
  contacts: z.object(Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, contactEmailSchema.nullable()])) as Record<(typeof CONTACT_KINDS)[number], z.ZodNullable<typeof contactEmailSchema>>),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/** A new install: the spec's texts, every notice on, the counter always shown, no social link. */
export const SITE_CONTENT_DEFAULTS: SiteContent = {
  constructionNotice: { shown: true, text: null },
  premiumNotice: { shown: true },
  testimonials: { shown: true, items: null },
  userCounter: { minUsers: 0 },
  socialLinks: { facebook: null, x: null, linkedin: null, instagram: null },
  contacts: { general: null, support: null, partnerships: null, careers: null },
};

/**
 * The stored content with the defaults filled in: each section that is missing or no longer valid
 * (saved by an older version) is its default, so a stored row never breaks the public pages.
 */
export function readSiteContent(stored: unknown): SiteContent {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const shape = siteContentSchema.shape;
  const section = <Key extends keyof SiteContent>(key: Key): SiteContent[Key] => {
    const parsed = shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as SiteContent[Key]) : SITE_CONTENT_DEFAULTS[key];
  };
  return {
    constructionNotice: section('constructionNotice'),
    premiumNotice: section('premiumNotice'),
    testimonials: section('testimonials'),
    userCounter: section('userCounter'),
    socialLinks: section('socialLinks'),
    contacts: section('contacts'),
  };
}

/** Whether the home page shows the registered-user counter for `count` accounts. */
export function showsUserCounter(count: number, minUsers: number): boolean {
  return count >= minUsers;
}

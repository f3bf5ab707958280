/** The check of what the operator says on the public site (#shared/site.ts `SiteContent`); zod, so not in the web's first view. */
import { z } from 'zod';
import { CONTACT_KINDS, isBareHomePage, MAX_RATING, SITE_CONTENT_DEFAULTS, SITE_CONTENT_MESSAGES, SOCIAL_NETWORKS, TESTIMONIALS_MAX, type ContactKind, type SiteContent, type SocialNetwork } from './site.ts';

export const testimonialSchema = z.object({
  name: z.string().trim().min(1, SITE_CONTENT_MESSAGES.testimonialNameRequired).max(80, SITE_CONTENT_MESSAGES.testimonialTooLong),
  role: z.string().trim().max(80, SITE_CONTENT_MESSAGES.testimonialTooLong),
  quote: z.string().trim().min(1, SITE_CONTENT_MESSAGES.testimonialQuoteRequired).max(600, SITE_CONTENT_MESSAGES.testimonialTooLong),
  rating: z.number().int(SITE_CONTENT_MESSAGES.testimonialRating).min(1, SITE_CONTENT_MESSAGES.testimonialRating).max(MAX_RATING, SITE_CONTENT_MESSAGES.testimonialRating),
});

/** A social link: a full http(s) address of a page on the network, not its home page. */
export const socialUrlSchema = z
  .string()
  .trim()
  .max(500, SITE_CONTENT_MESSAGES.socialUrlInvalid)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: SITE_CONTENT_MESSAGES.socialUrlInvalid });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.') || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: SITE_CONTENT_MESSAGES.socialUrlInvalid });
    } else if (isBareHomePage(url)) {
      ctx.addIssue({ code: 'custom', message: SITE_CONTENT_MESSAGES.socialUrlHomePage });
    }
  });

const contactEmailSchema = z.email(SITE_CONTENT_MESSAGES.contactEmailInvalid).max(254, SITE_CONTENT_MESSAGES.contactEmailInvalid);

export const siteContentSchema = z.object({
  constructionNotice: z.object({ shown: z.boolean(), text: z.string().trim().min(1).max(500, SITE_CONTENT_MESSAGES.noticeTextTooLong).nullable() }),
  premiumNotice: z.object({ shown: z.boolean() }),
  testimonials: z.object({ shown: z.boolean(), items: z.array(testimonialSchema).max(TESTIMONIALS_MAX, SITE_CONTENT_MESSAGES.tooManyTestimonials).nullable() }),
  userCounter: z.object({ minUsers: z.number().int(SITE_CONTENT_MESSAGES.userCounterThreshold).min(0, SITE_CONTENT_MESSAGES.userCounterThreshold).max(1_000_000_000, SITE_CONTENT_MESSAGES.userCounterThreshold) }),
  socialLinks: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialUrlSchema.nullable()])) as Record<SocialNetwork, z.ZodNullable<typeof socialUrlSchema>>),
  contacts: z.object(Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, contactEmailSchema.nullable()])) as Record<ContactKind, z.ZodNullable<typeof contactEmailSchema>>),
}) satisfies z.ZodType<SiteContent>;

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

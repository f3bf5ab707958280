import { z } from 'zod';
import { CURRENCIES } from './money.ts';
import { addSkill, EMAIL_DIGEST_CHOICES, isHttpUrl, LANGUAGES, PORTFOLIO_MAX, PROFILE_MESSAGES, SKILL_MAX_LENGTH, SKILLS_MAX, slugProblem, THEMES } from './profiles.ts';

// Kept apart from profiles.ts, which the first page loads: zod comes only with the forms that need it.

/** An http(s) address, or (when `optional`) an empty string for none. */
const httpUrl = (message: string, optional = false) =>
  z
    .string()
    .trim()
    .max(2048, message)
    .refine((value) => (optional && value === '') || isHttpUrl(value), message);

export const portfolioItemSchema = z.object({
  id: z.string().trim().min(1).max(64),
  title: z.string().trim().min(1, PROFILE_MESSAGES.portfolioTitleRequired).max(120, PROFILE_MESSAGES.portfolioTitleTooLong),
  link: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.portfolioLinkRequired)
    .pipe(httpUrl(PROFILE_MESSAGES.portfolioLinkInvalid)),
  imageUrl: httpUrl(PROFILE_MESSAGES.portfolioImageInvalid, true).optional(),
});

const socialLink = httpUrl(PROFILE_MESSAGES.socialLinkInvalid, true);

/**
 * What a signed-in user may change on their own profile; every field is optional (a partial
 * update). Anything else a client sends (id, role, plan, e-mail) is dropped, never applied.
 */
export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, PROFILE_MESSAGES.nameRequired).max(100, PROFILE_MESSAGES.nameTooLong).optional(),
  bio: z.string().trim().max(1000, PROFILE_MESSAGES.bioTooLong).optional(),
  skills: z
    .array(z.string().trim().min(1).max(SKILL_MAX_LENGTH, PROFILE_MESSAGES.skillTooLong))
    .max(SKILLS_MAX, PROFILE_MESSAGES.tooManySkills)
    .transform((skills) => skills.reduce<string[]>((list, skill) => addSkill(list, skill), []))
    .optional(),
  portfolio: z.array(portfolioItemSchema).max(PORTFOLIO_MAX, PROFILE_MESSAGES.tooManyPortfolioItems).optional(),
  socialLinks: z.object({ twitter: socialLink, linkedin: socialLink, github: socialLink, website: socialLink }).optional(),
  storefrontSlug: z
    .string()
    .trim()
    .superRefine((slug, ctx) => {
      const problem = slugProblem(slug);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  isPublic: z.boolean().optional(),
  notifications: z.object({ emailNotifications: z.boolean(), pushNotifications: z.boolean(), emailDigest: z.enum(EMAIL_DIGEST_CHOICES).optional() }).optional(),
  preferences: z.object({ language: z.enum(LANGUAGES), theme: z.enum(THEMES) }).optional(),
  /** Until the store's first sale, invoice or payout (PROFILE_MESSAGES.currencyLocked). */
  currency: z.enum(CURRENCIES).optional(),
  /** One reminder to buyers who did not finish a checkout (decision 033). */
  checkoutReminders: z.boolean().optional(),
  /** Printed on the store's receipts and client invoices; empty leaves them out. */
  sellerName: z.string().trim().max(120, PROFILE_MESSAGES.sellerNameTooLong).optional(),
  sellerAddress: z.string().trim().max(500, PROFILE_MESSAGES.sellerAddressTooLong).optional(),
  sellerTaxId: z.string().trim().max(40, PROFILE_MESSAGES.sellerTaxIdTooLong).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;


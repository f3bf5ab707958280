/** The profiles routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { ROLES } from './auth.ts';
import { CURRENCIES } from './money.ts';
import { EMAIL_DIGEST_CHOICES, LANGUAGES, THEMES, type Profile } from './profiles.ts';
import { storageUsageSchema } from './storage.ts';

/** A portfolio item as stored (the request's rules are in profiles-update.ts). */
export const portfolioItemAnswerSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  imageUrl: z.string().optional(),
});

export const socialLinksSchema = z.object({ twitter: z.string(), linkedin: z.string(), github: z.string(), website: z.string() });

/** A user's own profile; `Profile` (profiles.ts, which the first page loads without zod) is its type. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  plan: z.enum(['free', 'pro', 'business']),
  name: z.string(),
  bio: z.string(),
  avatarUrl: z.string(),
  hasCustomAvatar: z.boolean(),
  skills: z.array(z.string()),
  portfolio: z.array(portfolioItemAnswerSchema),
  socialLinks: socialLinksSchema,
  storefrontSlug: z.string(),
  isPublic: z.boolean(),
  notifications: z.object({ emailNotifications: z.boolean(), pushNotifications: z.boolean(), emailDigest: z.enum(EMAIL_DIGEST_CHOICES) }),
  preferences: z.object({ language: z.enum(LANGUAGES), theme: z.enum(THEMES) }),
  preferencesChosen: z.boolean(),
  currency: z.enum(CURRENCIES),
  currencyLocked: z.boolean(),
  checkoutReminders: z.boolean(),
  sellerName: z.string(),
  sellerAddress: z.string(),
  sellerTaxId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
// The schema and the interface describe the same answer (a compile error here when they drift).
const sameProfile: [z.infer<typeof profileSchema>, Profile] extends [Profile, z.infer<typeof profileSchema>] ? true : never = true;
void sameProfile;

export const profileAnswerSchema = z.object({ profile: profileSchema });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** 204, no body. */
export const accountDeletedSchema = noContentSchema;

export const PROFILES_API = {
  'GET /api/profile': profileAnswerSchema,
  'PATCH /api/profile': profileAnswerSchema,
  'DELETE /api/profile': accountDeletedSchema,
  'POST /api/profile/avatar': profileAnswerSchema,
  'DELETE /api/profile/avatar': profileAnswerSchema,
  'GET /api/profile/storage': storageUsageSchema,
} as const satisfies ApiRoutes;

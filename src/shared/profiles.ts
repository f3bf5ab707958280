import type { Currency } from './money.ts';

export const SOCIAL_LINK_KINDS = ['twitter', 'linkedin', 'github', 'website'] as const;
export type SocialLinks = Record<(typeof SOCIAL_LINK_KINDS)[number], string>;

export interface PortfolioItem {
  id: string;
  title: string;
  link: string;
  imageUrl?: string;
}

/** How notification e-mails go out (issue #22): one per notification, or one daily digest of the unread ones. */
export const EMAIL_DIGEST_CHOICES = ['each', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGEST_CHOICES)[number];

export interface NotificationSettings {
  emailNotifications: boolean;
  pushNotifications: boolean;
  /** Rows saved before the choice existed lack it: 'each'. */
  emailDigest?: EmailDigest;
}

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/**
 * Where the web keeps the language chosen on a device: localStorage, and a cookie of the same name so
 * the pages the server writes (the creator page) open in it too.
 */
export const LANGUAGE_KEY = 'zerri.language';
export const THEMES = ['dark', 'light'] as const;
export interface Preferences {
  language: Language;
  theme: (typeof THEMES)[number];
}

export function defaultBio(brand: string): string {
  return `Digital Creator | Tech Enthusiast | ${brand} User`;
}

/** The avatar initial: first letter of the name, else of the e-mail. */
export function avatarInitial(name: string | null | undefined, email: string): string {
  const source = name?.trim() || email;
  return (source[0] ?? '?').toUpperCase();
}

// ---- Profile editing (SPEC §4 "Profile editing", §5 "Profile", "Settings") ----

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const SKILLS_MAX = 30;
export const SKILL_MAX_LENGTH = 40;
export const PORTFOLIO_MAX = 20;
export const SLUG_MIN = 3;
export const SLUG_MAX = 60;
/** Path segments of /store that a storefront address would shadow. */
export const RESERVED_SLUGS = ['creator', 'product'] as const;

export const PROFILE_MESSAGES = {
  userNotFound: 'User not found. Please log in.',
  notAuthenticated: 'You must be logged in to update your profile.',
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Name must be at most 100 characters.',
  bioTooLong: 'Bio must be at most 1,000 characters.',
  slugInvalid: 'Your storefront address may contain only lowercase letters, digits and hyphens (3 to 60 characters).',
  slugReserved: (slug: string) => `The storefront address "${slug}" is reserved. Please choose another one.`,
  slugTaken: (slug: string) => `The storefront address "${slug}" is already taken. Please choose another one.`,
  socialLinkInvalid: 'Social links must be full addresses starting with http:// or https://.',
  portfolioTitleRequired: 'A portfolio item needs a title.',
  portfolioTitleTooLong: 'A portfolio title must be at most 120 characters.',
  portfolioLinkRequired: 'A portfolio item needs a link.',
  portfolioLinkInvalid: 'A portfolio link must start with http:// or https://.',
  portfolioImageInvalid: 'A portfolio image must be an address starting with http:// or https://.',
  tooManySkills: `You can list at most ${SKILLS_MAX} skills.`,
  skillTooLong: `A skill must be at most ${SKILL_MAX_LENGTH} characters.`,
  tooManyPortfolioItems: `You can show at most ${PORTFOLIO_MAX} portfolio items.`,
  avatarTooLarge: 'The avatar is larger than 5 MB. Please choose a smaller picture.',
  avatarNotImage: 'The avatar must be a picture (PNG, JPG, GIF or WebP).',
  avatarRequired: 'Please choose a picture to upload.',
  passwordWrong: 'The password is not correct.',
  currencyLocked: 'Your store currency cannot change after your first sale, invoice or payout.',
  sellerNameTooLong: 'Keep the business name under 120 characters.',
  sellerAddressTooLong: 'Keep the address under 500 characters.',
  sellerTaxIdTooLong: 'Keep the tax ID under 40 characters.',
} as const;

/** True for an absolute http:// or https:// address (the only links a profile may carry). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The problem with a storefront address, or undefined when it may be used (if free). */
export function slugProblem(slug: string): string | undefined {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !/^[a-z0-9-]+$/.test(slug)) return PROFILE_MESSAGES.slugInvalid;
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return PROFILE_MESSAGES.slugReserved(slug);
  return undefined;
}

/**
 * Adds a skill only if it is non-empty (after trimming) and not already present, ignoring case
 * (SPEC §5); returns the same list when nothing is added.
 */
export function addSkill(skills: readonly string[], raw: string): string[] {
  const skill = raw.trim().replace(/\s+/g, ' ');
  if (!skill || skills.some((existing) => existing.toLowerCase() === skill.toLowerCase())) return [...skills];
  return [...skills, skill];
}

/** A user's own profile (GET and PATCH /api/profile). */
export interface Profile {
  id: string;
  email: string;
  role: 'admin' | 'creator' | 'user' | 'company';
  plan: 'free' | 'pro' | 'business';
  name: string;
  bio: string;
  avatarUrl: string;
  /** False while the avatar is the generated picture. */
  hasCustomAvatar: boolean;
  skills: string[];
  portfolio: PortfolioItem[];
  socialLinks: SocialLinks;
  storefrontSlug: string;
  isPublic: boolean;
  notifications: Required<NotificationSettings>;
  preferences: Preferences;
  /** False until the user (or their first sign-in, from the device's choice) saves a language and theme. */
  preferencesChosen: boolean;
  /** The store's currency: its prices, sales, invoices and payouts are in it. */
  currency: Currency;
  /** True once the store has a sale, an invoice or a payout: the currency can no longer change. */
  currencyLocked: boolean;
  /** The store mails one reminder to a buyer who did not finish a checkout (off by default; decision 033). */
  checkoutReminders: boolean;
  /** The seller printed on the store's receipts and client invoices ('' when not set): business name, postal address, VAT/GST id. */
  sellerName: string;
  sellerAddress: string;
  sellerTaxId: string;
  createdAt: string;
  updatedAt: string;
}

/** The realtime event on the user's channel after any change to their profile. */
export const PROFILE_UPDATED_EVENT = 'profile.updated';

import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/money.ts';
import type { PayoutMethod } from '#shared/payouts.ts';
import type { NotificationSettings, PortfolioItem, Preferences, SocialLinks } from '#shared/profiles.ts';
import { users } from './auth.ts';

// One row per user, created by a trigger in the same transaction as the user (migration 0001).
export const userProfiles = pgTable('user_profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  bio: text('bio').notNull().default(''),
  avatarUrl: text('avatar_url'),
  skills: jsonb('skills').$type<string[]>().notNull().default([]),
  portfolio: jsonb('portfolio').$type<PortfolioItem[]>().notNull().default([]),
  socialLinks: jsonb('social_links')
    .$type<SocialLinks>()
    .notNull()
    .default({ twitter: '', linkedin: '', github: '', website: '' }),
  storefrontSlug: text('storefront_slug').notNull().unique('user_profiles_storefront_slug_unique'),
  isPublic: boolean('is_public').notNull().default(false),
  notifications: jsonb('notifications')
    .$type<NotificationSettings>()
    .notNull()
    .default({ emailNotifications: true, pushNotifications: false }),
  preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
  /** The store's currency (src/shared/money.ts): its products, sales, invoices and payouts are in it; set until the first of them. */
  currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
  payoutMethodDetails: jsonb('payout_method_details').$type<PayoutMethod>(),
  /** The store mails one reminder to a buyer who left a checkout unpaid (modules/orders/checkout-reminders.ts); off until the creator turns it on. */
  checkoutReminders: boolean('checkout_reminders').notNull().default(false),
  /** The seller printed on the store's receipts and client invoices when set (Settings): business name, postal address, VAT/GST id. */
  sellerName: text('seller_name'),
  sellerAddress: text('seller_address'),
  sellerTaxId: text('seller_tax_id'),
  /** The onboarding checklist (issue #46): when the creator copied a link to share from it, and when they put it away. */
  onboardingSharedAt: timestamp('onboarding_shared_at', { withTimezone: true }),
  onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

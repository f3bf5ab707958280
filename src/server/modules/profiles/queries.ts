import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CurrentUser } from '#shared/auth.ts';
import { convertMinorUnits, type Currency, STORE_CURRENCY } from '#shared/money.ts';
import type { ProfileUpdate } from '#shared/profiles-update.ts';
import type { PlanId } from '#shared/plans.ts';
import type { NotificationSettings, Preferences, Profile, SocialLinks } from '#shared/profiles.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/auth.ts';
import { posts } from '../../db/schema/community.ts';
import { jobApplications, jobs } from '../../db/schema/jobs.ts';
import { discountCodes } from '../../db/schema/discounts.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { productImages, products, productVersions } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import type { Bucket } from '../../platform/storage/storage.ts';

/**
 * True once the user's store has a sale, an invoice, a payout or an affiliate commission: amounts in its currency are on
 * record, so the currency stays (PROFILE_MESSAGES.currencyLocked).
 */
export const storeCurrencyLocked = (userId: SQLWrapper | string) => sql`(
  EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.creatorId} = ${userId})
  OR EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.affiliateId} = ${userId})
  OR EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.userId} = ${userId})
  OR EXISTS (SELECT 1 FROM ${payouts} WHERE ${payouts.userId} = ${userId}))`;

/** The currency of a user's store (USD until they choose one). */
export async function storeCurrency(db: Executor, userId: string): Promise<Currency> {
  const [row] = await db.select({ currency: userProfiles.currency }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.currency ?? STORE_CURRENCY;
}

/** A user's plan (set by an admin, later by the plan purchase); undefined for no such user. */
export async function getUserPlan(db: Executor, userId: string): Promise<PlanId | undefined> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row?.plan;
}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      name: userProfiles.name,
      avatarUrl: userProfiles.avatarUrl,
      storefrontSlug: userProfiles.storefrontSlug,
      bio: userProfiles.bio,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { ...row, avatarUrl: row.avatarUrl ?? `/api/avatars/${row.id}.svg` };
}

export async function getProfileNameAndEmail(db: Db, userId: string) {
  const [row] = await db
    .select({ name: userProfiles.name, email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

const profileColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  plan: users.plan,
  name: userProfiles.name,
  bio: userProfiles.bio,
  avatarUrl: userProfiles.avatarUrl,
  skills: userProfiles.skills,
  portfolio: userProfiles.portfolio,
  socialLinks: userProfiles.socialLinks,
  storefrontSlug: userProfiles.storefrontSlug,
  isPublic: userProfiles.isPublic,
  notifications: userProfiles.notifications,
  preferences: userProfiles.preferences,
  currency: userProfiles.currency,
  currencyLocked: sql<boolean>`${storeCurrencyLocked(users.id)}`,
  checkoutReminders: userProfiles.checkoutReminders,
  sellerName: sql<string>`coalesce(${userProfiles.sellerName}, '')`,
  sellerAddress: sql<string>`coalesce(${userProfiles.sellerAddress}, '')`,
  sellerTaxId: sql<string>`coalesce(${userProfiles.sellerTaxId}, '')`,
  createdAt: userProfiles.createdAt,
  updatedAt: userProfiles.updatedAt,
};

const DEFAULT_SOCIAL_LINKS: SocialLinks = { twitter: '', linkedin: '', github: '', website: '' };
const DEFAULT_NOTIFICATIONS: Required<NotificationSettings> = { emailNotifications: true, pushNotifications: false, emailDigest: 'each' };
const DEFAULT_PREFERENCES: Preferences = { language: 'en', theme: 'dark' };

/** Where the generated picture of a user is served (site/avatar.ts). */
export const generatedAvatarUrl = (userId: string) => `/api/avatars/${userId}.svg`;
/** Uploaded avatars are served from the public avatars bucket under this prefix. */
export const AVATAR_MEDIA_PREFIX = '/media/avatars/';

/** A user's own profile, with the spec's fallbacks filled in. */
export async function getProfile(db: Executor, userId: string): Promise<Profile | undefined> {
  const [row] = await db.select(profileColumns).from(users).innerJoin(userProfiles, eq(userProfiles.id, users.id)).where(eq(users.id, userId));
  if (!row) return undefined;
  const avatarUrl = row.avatarUrl ?? generatedAvatarUrl(row.id);
  return {
    ...row,
    avatarUrl,
    hasCustomAvatar: avatarUrl.startsWith(AVATAR_MEDIA_PREFIX),
    // Rows written before a field existed lack it: the spec's defaults fill the gaps.
    socialLinks: { ...DEFAULT_SOCIAL_LINKS, ...(row.socialLinks as Partial<SocialLinks>) },
    notifications: { ...DEFAULT_NOTIFICATIONS, ...(row.notifications as Partial<NotificationSettings>) },
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    preferencesChosen: row.preferences.language !== undefined,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The storefront address is taken by someone else. */
export class SlugTakenError extends Error {}

/** The store currency cannot change: the store has a sale, an invoice or a payout. */
export class CurrencyLockedError extends Error {}

/** Rescales `column` (minor units) from one currency's decimals to another's, e.g. cents to yen. */
const rescaled = (column: SQL | unknown, from: Currency, to: Currency) =>
  sql`round(${column} * ${convertMinorUnits(1_000_000, from, to)}::numeric / 1000000)::integer`;

/**
 * A new store currency, under the profile's row lock (so two changes take turns): refused once the
 * store has amounts on record; the products, versions and fixed discounts keep the amounts their
 * creator typed (10.00 USD becomes 10.00 EUR; 1000 cents become ¥10).
 */
async function changeCurrency(tx: Executor, userId: string, to: Currency): Promise<void> {
  const [row] = await tx
    .select({ currency: userProfiles.currency, locked: sql<boolean>`${storeCurrencyLocked(userId)}` })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .for('update');
  if (!row || row.currency === to) return;
  if (row.locked) throw new CurrencyLockedError();
  const from = row.currency;
  await tx
    .update(products)
    .set({
      currency: to,
      priceCents: rescaled(products.priceCents, from, to),
      suggestedPriceCents: rescaled(products.suggestedPriceCents, from, to),
    })
    .where(eq(products.userId, userId));
  await tx
    .update(productVersions)
    .set({ priceCents: rescaled(productVersions.priceCents, from, to) })
    .where(sql`${productVersions.productId} IN (SELECT ${products.id} FROM ${products} WHERE ${products.userId} = ${userId})`);
  await tx
    .update(discountCodes)
    .set({
      amount: sql`CASE WHEN ${discountCodes.kind} = 'percent' THEN ${discountCodes.amount} ELSE greatest(1, ${rescaled(discountCodes.amount, from, to)}) END`,
      minOrderCents: rescaled(discountCodes.minOrderCents, from, to),
    })
    .where(eq(discountCodes.creatorId, userId));
}

/**
 * Applies a validated update to one user's profile (never anyone else's: the id comes from the
 * session). The name and the language are also kept on the account, which mails and sessions read.
 */
export async function updateProfile(db: Db, userId: string, update: ProfileUpdate): Promise<void> {
  const { name, ...rest } = update;
  try {
    await db.transaction(async (tx) => {
      if (rest.currency) await changeCurrency(tx, userId, rest.currency);
      await tx
        .update(userProfiles)
        .set({
          ...rest,
          // The switches are merged into the saved ones: a client that sends only some keeps the others (the digest choice).
          ...(rest.notifications ? { notifications: sql`${userProfiles.notifications} || ${JSON.stringify(rest.notifications)}::jsonb` } : {}),
          ...(name === undefined ? {} : { name }),
          updatedAt: new Date(),
        })
        .where(eq(userProfiles.id, userId));
      // The account keeps the name (mails and sessions read it) and the language its mails are written in.
      const account = { ...(name === undefined ? {} : { name }), ...(rest.preferences ? { locale: rest.preferences.language } : {}) };
      if (Object.keys(account).length > 0) await tx.update(users).set({ ...account, updatedAt: new Date() }).where(eq(users.id, userId));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'user_profiles_storefront_slug_unique')) throw new SlugTakenError();
    throw error;
  }
}

export async function isSlugTaken(db: Db, slug: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(and(eq(userProfiles.storefrontSlug, slug), ne(userProfiles.id, exceptUserId)));
  return Boolean(row);
}

/** Sets the avatar address and returns the previous one (so its file can be removed). */
export async function setAvatarUrl(db: Db, userId: string, avatarUrl: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ avatarUrl: userProfiles.avatarUrl }).from(userProfiles).where(eq(userProfiles.id, userId)).for('update');
    await tx
      .update(userProfiles)
      .set({ avatarUrl: avatarUrl ?? generatedAvatarUrl(userId), updatedAt: new Date() })
      .where(eq(userProfiles.id, userId));
    return previous?.avatarUrl ?? null;
  });
}

/** The password hash of a user's e-mail-and-password account, if they have one. */
export interface StoredFile {
  bucket: Bucket;
  key: string;
}

/**
 * Every stored file that goes with an account: its products' files and covers, its avatar, its
 * posts' media, its job applications and the applications to its jobs, the files its audience posts
 * attach, and the attachments of its conversations (both members': the conversation goes with it).
 */
export async function listUserFiles(db: Executor, userId: string): Promise<StoredFile[]> {
  const result = await db.execute<{ bucket: Bucket; key: string }>(sql`
    SELECT 'product-files' AS bucket, file_key AS key FROM ${products} WHERE user_id = ${userId}
    UNION ALL SELECT 'product-images', cover_key FROM ${products} WHERE user_id = ${userId} AND cover_key IS NOT NULL
    UNION ALL SELECT 'product-images', card_key FROM ${products} WHERE user_id = ${userId} AND card_key IS NOT NULL
    UNION ALL SELECT 'product-images', unnest(ARRAY[i.key, i.thumb_key]) FROM ${productImages} i JOIN ${products} p ON p.id = i.product_id WHERE p.user_id = ${userId}
    UNION ALL SELECT 'post-media', image_key FROM ${posts} WHERE author_id = ${userId} AND image_key IS NOT NULL
    UNION ALL SELECT 'post-media', video_key FROM ${posts} WHERE author_id = ${userId} AND video_key IS NOT NULL
    UNION ALL SELECT 'application-files', a.file_key FROM ${jobApplications} a
      WHERE a.file_key IS NOT NULL AND (a.applicant_id = ${userId} OR a.job_id IN (SELECT id FROM ${jobs} WHERE company_id = ${userId}))
    UNION ALL SELECT 'product-files', f.file_key FROM audience_post_files f JOIN audience_posts ap ON ap.id = f.post_id WHERE ap.creator_id = ${userId}
    UNION ALL SELECT 'message-files', m.attachment_key FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.attachment_key IS NOT NULL AND (c.user_low = ${userId} OR c.user_high = ${userId})
    UNION ALL SELECT 'avatars', substr(avatar_url, ${AVATAR_MEDIA_PREFIX.length + 1}) FROM ${userProfiles}
      WHERE id = ${userId} AND avatar_url LIKE ${`${AVATAR_MEDIA_PREFIX}%`}`);
  return result.rows;
}

/** Removes the account; profile, products, sessions and the rest go with it, sales stay (creator set to null). */
export async function deleteUser(db: Executor, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

import type { FastifyRequest } from 'fastify';
import type { ProfileUpdate } from '#shared/profiles-update.ts';
import { LINKS_INTERNAL_CHANNEL } from '#shared/links.ts';
import { PLAN_MESSAGES, planById, planRequiredParams } from '#shared/plans.ts';
import { PROFILE_MESSAGES, PROFILE_UPDATED_EVENT, type Profile } from '#shared/profiles.ts';
import { PUBLIC_CHANNEL, userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { appBlocklist, checkDestination } from '../../platform/blocklist.ts';
import { verifyOwnPassword } from '../../platform/password-confirmation.ts';
import { publicUserCount } from '../site/queries.ts';
import { AVATAR_MEDIA_PREFIX, CurrencyLockedError, deleteUser, getProfile, getUserPlan, isSlugTaken, listUserFiles, setAvatarUrl, SlugTakenError, updateProfile } from './queries.ts';

/** A user's own profile (SPEC §2 Profile page, Account Settings). */
export async function ownProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const profile = await getProfile(ctx.database.db, userId);
  if (!profile) throw new NotFoundError(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  return profile;
}

/** Other open tabs refresh the profile; storefronts and cards show the new name and picture. */
async function announce(ctx: AppContext, profile: Profile) {
  await ctx.realtime.publish(userChannel(profile.id), PROFILE_UPDATED_EVENT, { updatedAt: profile.updatedAt });
  await ctx.realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id: '', action: 'updated', userId: profile.id });
}

async function changed(ctx: AppContext, userId: string): Promise<Profile> {
  const profile = await ownProfile(ctx, userId);
  await announce(ctx, profile);
  return profile;
}

/**
 * A new storefront address needs a plan with customSlug (403 plan_required otherwise); the settings
 * save sends the address it shows, so the one the account already has always passes. An address
 * chosen on a paid plan stays after a downgrade.
 */
async function checkSlugChange(ctx: AppContext, userId: string, slug: string | undefined) {
  if (slug === undefined) return;
  const { db } = ctx.database;
  const [plan, current] = await Promise.all([getUserPlan(db, userId), getProfile(db, userId)]);
  if (planById(plan ?? 'free').customSlug || current?.storefrontSlug === slug) return;
  const { plan: needed, planId } = planRequiredParams('customSlug');
  throw new ForbiddenError(PLAN_MESSAGES.customSlugPlanRequired(needed), 'plan_required', { params: { plan: needed, planId } });
}

/** The profile's links visitors follow (socials, portfolio) pass the one rule of such addresses and the admins' blocklist. */
async function checkProfileLinks(ctx: AppContext, update: ProfileUpdate) {
  const urls = [...Object.values(update.socialLinks ?? {}).filter(Boolean), ...(update.portfolio ?? []).map((item) => item.link)];
  if (urls.length === 0) return;
  const blocklist = await appBlocklist(ctx);
  for (const url of urls) checkDestination(blocklist, url);
}

/** Applies a checked update to this user's own profile; 409 when the storefront address is someone else's. */
export async function updateOwnProfile(ctx: AppContext, userId: string, update: ProfileUpdate): Promise<Profile> {
  const { db } = ctx.database;
  const slug = update.storefrontSlug;
  await checkProfileLinks(ctx, update);
  await checkSlugChange(ctx, userId, slug);
  if (slug !== undefined && (await isSlugTaken(db, slug, userId))) throw new ConflictError(PROFILE_MESSAGES.slugTaken(slug), 'slug_taken', { params: { slug } });
  try {
    await updateProfile(db, userId, update);
  } catch (error) {
    if (error instanceof CurrencyLockedError) throw new ConflictError(PROFILE_MESSAGES.currencyLocked, 'currency_locked');
    // Taken between the check and the write.
    if (error instanceof SlugTakenError) throw new ConflictError(PROFILE_MESSAGES.slugTaken(slug ?? ''), 'slug_taken', { params: { slug: slug ?? '' } });
    throw error;
  }
  return changed(ctx, userId);
}

async function removeAvatarFile(ctx: AppContext, avatarUrl: string | null) {
  if (avatarUrl?.startsWith(AVATAR_MEDIA_PREFIX)) {
    await ctx.storage.delete('avatars', avatarUrl.slice(AVATAR_MEDIA_PREFIX.length)).catch(() => {});
  }
}

/** Sets a stored avatar (or, with null, the generated picture again); the previous upload goes. */
export async function setAvatar(ctx: AppContext, userId: string, key: string | null): Promise<Profile> {
  const previous = await setAvatarUrl(ctx.database.db, userId, key === null ? null : `${AVATAR_MEDIA_PREFIX}${key}`);
  await removeAvatarFile(ctx, previous);
  return changed(ctx, userId);
}

/** Deleting the account, confirmed with the password: storefront, products and files go, sales stay. */
export async function deleteAccount(ctx: AppContext, request: FastifyRequest, password: string): Promise<void> {
  const { db } = ctx.database;
  const { id: userId } = await verifyOwnPassword(ctx, request, password);
  const files = await db.transaction(async (tx) => {
    const found = await listUserFiles(tx, userId);
    await deleteUser(tx, userId);
    return found;
  });
  // Files go once the rows are gone; a failed removal leaves an unreachable object, never a broken row.
  await Promise.all(files.map((file) => ctx.storage.delete(file.bucket, file.key).catch(() => {})));
  await ctx.realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id: '', action: 'deleted', userId });
  // Its links went with it: every instance stops redirecting them now.
  await ctx.realtime.publish(LINKS_INTERNAL_CHANNEL, 'links.owner-removed', userId);
  await ctx.realtime.publish(PUBLIC_CHANNEL, 'users.count', { count: await publicUserCount(db) });
}

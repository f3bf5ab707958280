import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema } from '#shared/profiles-update.ts';
import { PROFILE_MESSAGES, PROFILE_UPDATED_EVENT, type Profile } from '#shared/profiles.ts';
import { PUBLIC_CHANNEL, userChannel } from '#shared/realtime.ts';
import { storageUsageSchema } from '#shared/storage.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { verifyOwnPassword } from '../../platform/password-confirmation.ts';
import { requireUser } from '../../platform/session.ts';
import { countUsers } from '../site/queries.ts';
import { receiveAvatar } from './avatar-upload.ts';
import {
  AVATAR_MEDIA_PREFIX,
  deleteUser,
  getProfile,
  isSlugTaken,
  listUserFiles,
  setAvatarUrl,
  SlugTakenError,
  updateProfile,
} from './queries.ts';

/** The signed-in user's own profile and settings (SPEC §2 Profile page, Account Settings). */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { auth, storage, realtime } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const ownProfile = async (userId: string): Promise<Profile> => {
    const profile = await getProfile(db, userId);
    if (!profile) throw new NotFoundError(PROFILE_MESSAGES.userNotFound, 'user_not_found');
    return profile;
  };

  /** Other open tabs refresh the profile; storefronts and cards show the new name and picture. */
  const announce = async (profile: Profile) => {
    await realtime.publish(userChannel(profile.id), PROFILE_UPDATED_EVENT, { updatedAt: profile.updatedAt });
    await realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id: '', action: 'updated', userId: profile.id });
  };

  const removeAvatarFile = async (avatarUrl: string | null) => {
    if (avatarUrl?.startsWith(AVATAR_MEDIA_PREFIX)) {
      await storage.delete('avatars', avatarUrl.slice(AVATAR_MEDIA_PREFIX.length)).catch(() => {});
    }
  };

  typed.get('/api/profile', async (request) => {
    const user = await requireUser(auth, request, PROFILE_MESSAGES.userNotFound);
    return { profile: await ownProfile(user.id) };
  });

  // Settings show how much of the plan's storage quota the user's files and designs take.
  typed.get('/api/profile/storage', { schema: { response: { 200: storageUsageSchema } } }, async (request) => {
    const user = await requireUser(auth, request, PROFILE_MESSAGES.userNotFound);
    return ctx.userFiles.usage(user.id);
  });

  // Only the fields of profileUpdateSchema are applied, always to the session's own user: an
  // id, role, plan or e-mail in the body is dropped by the schema.
  typed.patch('/api/profile', { schema: { body: profileUpdateSchema } }, async (request) => {
    const user = await requireUser(auth, request, PROFILE_MESSAGES.notAuthenticated);
    const update = request.body;
    const slug = update.storefrontSlug;
    if (slug !== undefined && (await isSlugTaken(db, slug, user.id))) throw new ConflictError(PROFILE_MESSAGES.slugTaken(slug), 'slug_taken');
    try {
      await updateProfile(db, user.id, update);
    } catch (error) {
      if (error instanceof SlugTakenError) throw new ConflictError(PROFILE_MESSAGES.slugTaken(slug ?? ''), 'slug_taken');
      throw error;
    }
    const profile = await ownProfile(user.id);
    await announce(profile);
    return { profile };
  });

  typed.post('/api/profile/avatar', async (request) => {
    const user = await requireUser(auth, request, PROFILE_MESSAGES.notAuthenticated);
    const key = await receiveAvatar(request, ctx, user.id);
    const previous = await setAvatarUrl(db, user.id, `${AVATAR_MEDIA_PREFIX}${key}`);
    await removeAvatarFile(previous);
    const profile = await ownProfile(user.id);
    await announce(profile);
    return { profile };
  });

  // Back to the generated picture.
  typed.delete('/api/profile/avatar', async (request) => {
    const user = await requireUser(auth, request, PROFILE_MESSAGES.notAuthenticated);
    await removeAvatarFile(await setAvatarUrl(db, user.id, null));
    const profile = await ownProfile(user.id);
    await announce(profile);
    return { profile };
  });

  // Deleting the account: confirmed with the password; storefront, products and files go, sales stay.
  typed.delete(
    '/api/profile',
    { schema: { body: z.object({ password: z.string().max(256).default('') }) } },
    async (request, reply) => {
      const user = await requireUser(auth, request, PROFILE_MESSAGES.notAuthenticated);
      await verifyOwnPassword(ctx, user.id, request.body.password);
      const files = await db.transaction(async (tx) => {
        const found = await listUserFiles(tx, user.id);
        await deleteUser(tx, user.id);
        return found;
      });
      // Files go once the rows are gone; a failed removal leaves an unreachable object, never a broken row.
      await Promise.all(files.map((file) => storage.delete(file.bucket, file.key).catch(() => {})));
      await realtime.publish(PUBLIC_CHANNEL, 'products.changed', { id: '', action: 'deleted', userId: user.id });
      await realtime.publish(PUBLIC_CHANNEL, 'users.count', { count: await countUsers(db) });
      return reply.status(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletedSchema, profileAnswerSchema } from '#shared/profiles-api.ts';
import { profileUpdateSchema } from '#shared/profiles-update.ts';
import { PROFILE_MESSAGES } from '#shared/profiles.ts';
import { storageUsageSchema } from '#shared/storage.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/session.ts';
import { receiveAvatar } from './avatar-upload.ts';
import { deleteAccount, ownProfile, setAvatar, updateOwnProfile } from './service.ts';

/** The signed-in user's own profile and settings (SPEC §2 Profile page, Account Settings). */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { auth } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/profile', { schema: { response: { 200: profileAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PROFILE_MESSAGES.userNotFound, code: 'profile_user_not_found' });
    return { profile: await ownProfile(ctx, user.id) };
  });

  // Settings show how much of the plan's storage quota the user's files and designs take.
  typed.get('/api/profile/storage', { schema: { response: { 200: storageUsageSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PROFILE_MESSAGES.userNotFound, code: 'profile_user_not_found' });
    return ctx.userFiles.usage(user.id);
  });

  // Only the fields of profileUpdateSchema are applied, always to the session's own user: an
  // id, role, plan or e-mail in the body is dropped by the schema.
  typed.patch('/api/profile', { schema: { body: profileUpdateSchema, response: { 200: profileAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PROFILE_MESSAGES.notAuthenticated, code: 'profile_not_authenticated' });
    return { profile: await updateOwnProfile(ctx, user.id, request.body) };
  });

  typed.post('/api/profile/avatar', { schema: { response: { 200: profileAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PROFILE_MESSAGES.notAuthenticated, code: 'profile_not_authenticated' });
    return { profile: await setAvatar(ctx, user.id, await receiveAvatar(request, ctx, user.id)) };
  });

  // Back to the generated picture.
  typed.delete('/api/profile/avatar', { schema: { response: { 200: profileAnswerSchema } } }, async (request) => {
    const user = await requireUser(auth, request, { message: PROFILE_MESSAGES.notAuthenticated, code: 'profile_not_authenticated' });
    return { profile: await setAvatar(ctx, user.id, null) };
  });

  // Deleting the account needs the password typed again.
  typed.delete(
    '/api/profile',
    { schema: { body: z.object({ password: z.string().max(256).default('') }), response: { 204: accountDeletedSchema } } },
    async (request, reply) => {
      await requireUser(auth, request, { message: PROFILE_MESSAGES.notAuthenticated, code: 'profile_not_authenticated' });
      await deleteAccount(ctx, request, request.body.password);
      return reply.status(204).send(null);
    },
  );
}

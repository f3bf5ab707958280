import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformSettingsSchema, TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '#shared/auth-two-factor.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ConflictError } from '../../platform/errors.ts';
import { requireRole } from '../../platform/session.ts';
import { getPlatformSettings, savePlatformSettings } from '../../platform/two-factor.ts';
import { paymentModeOf } from '../orders/providers.ts';
import { getAdminOverview } from './queries.ts';

export const ADMIN_ONLY = 'Access Denied. Admins only.';

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Every route here is for admins; everyone else gets 403 (401 when signed out).
  app.addHook('preHandler', async (request) => {
    await requireRole(ctx.auth, request, 'admin', ADMIN_ONLY);
  });

  // `paymentMode` 'none': payments are not set up, checkout and invoice payments are refused.
  app.get('/api/admin/overview', async () => ({ ...(await getAdminOverview(db)), paymentMode: paymentModeOf(ctx.config) }));

  // Platform settings: for now, whether admins must use two-factor sign-in (issue #16).
  typed.get('/api/admin/settings', { schema: { response: { 200: platformSettingsSchema } } }, async () => getPlatformSettings(db));

  typed.put(
    '/api/admin/settings',
    { schema: { body: platformSettingsSchema, response: { 200: platformSettingsSchema } } },
    async (request) => {
      const admin = await requireRole(ctx.auth, request, 'admin', ADMIN_ONLY);
      // Requiring it without having it would lock the admin out of the page that turns it off.
      if (request.body.requireAdminTwoFactor && !admin.twoFactorEnabled) {
        throw new ConflictError(TWO_FACTOR_MESSAGES.enableYourOwnFirst, TWO_FACTOR_CODES.enableYourOwnFirst);
      }
      return db.transaction(async (tx) => {
        const before = await getPlatformSettings(tx);
        const saved = await savePlatformSettings(tx, request.body);
        await recordAdminAction(tx, admin, 'settings.changed', { type: 'settings', id: 'platform' }, { before, after: saved });
        return saved;
      });
    },
  );
}

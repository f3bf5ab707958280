import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '#shared/admin.ts';
import { adminOverviewSchema } from '#shared/admin-api.ts';
import { platformSettingsBodySchema, platformSettingsSchema } from '#shared/auth-two-factor.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRole } from '../../platform/session.ts';
import { getPlatformSettings } from '../../platform/two-factor.ts';
import { paymentModeOf } from '../payments/providers.ts';
import { getAdminOverview } from './queries.ts';
import { changePlatformSettings, changeSiteContent, getAdminSiteContent } from './service.ts';
import { siteContentSchema } from '#shared/site-content.ts';
import { adminSiteContentSchema } from '#shared/site-api.ts';

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Every route here is for admins; everyone else gets 403 (401 when signed out).
  app.addHook('preHandler', async (request) => {
    await requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' });
  });

  // `paymentMode` 'none': payments are not set up, checkout and invoice payments are refused.
  typed.get('/api/admin/overview', { schema: { response: { 200: adminOverviewSchema } } }, async () => ({
    ...(await getAdminOverview(db)),
    paymentMode: paymentModeOf(ctx.config),
  }));

  // Platform settings: whether admins must use two-factor sign-in (issue #16), and what creators without a payout account may do (#45).
  typed.get('/api/admin/settings', { schema: { response: { 200: platformSettingsSchema } } }, async () => getPlatformSettings(db));

  typed.put(
    '/api/admin/settings',
    { schema: { body: platformSettingsBodySchema, response: { 200: platformSettingsSchema } } },
    async (request) => changePlatformSettings(db, await requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' }), request.body),
  );

  // What the public site says (issue #42); the public pages read it through GET /api/site.
  typed.get('/api/admin/site-content', { schema: { response: { 200: adminSiteContentSchema } } }, async () => getAdminSiteContent(db, ctx.config));

  typed.put(
    '/api/admin/site-content',
    { schema: { body: siteContentSchema, response: { 200: adminSiteContentSchema } } },
    async (request) => changeSiteContent(db, ctx.config, await requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' }), request.body),
  );
}

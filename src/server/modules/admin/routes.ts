import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { requireRole } from '../../platform/session.ts';
import { getAdminOverview } from './queries.ts';

export const ADMIN_ONLY = 'Access Denied. Admins only.';

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Every route here is for admins; everyone else gets 403 (401 when signed out).
  app.addHook('preHandler', async (request) => {
    await requireRole(ctx.auth, request, 'admin', ADMIN_ONLY);
  });

  app.get('/api/admin/overview', async () => getAdminOverview(ctx.database.db));
}

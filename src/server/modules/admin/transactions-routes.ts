import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY } from '#shared/admin.ts';
import { PAYOUT_STATUSES } from '#shared/payouts.ts';
import { adminPayoutsPageSchema, adminSalesPageSchema, processedPayoutSchema } from '#shared/payouts-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRole } from '../../platform/session.ts';
import { listPayouts, listSales } from './transactions-queries.ts';
import { processPayout } from '../payouts/payouts.ts';

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** /admin/transactions: every sale and payout; admins process payouts. Everyone else gets 403. */
export async function adminTransactionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const requireAdmin = (request: FastifyRequest) => requireRole(ctx.auth, request, 'admin', { message: ADMIN_ONLY, code: 'admin_only' });

  typed.get(
    '/api/admin/transactions/sales',
    { schema: { querystring: z.object(pageQuery), response: { 200: adminSalesPageSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listSales(db, request.query);
    },
  );

  typed.get(
    '/api/admin/transactions/payouts',
    {
      schema: {
        querystring: z.object({ ...pageQuery, status: z.enum(PAYOUT_STATUSES).optional() }),
        response: { 200: adminPayoutsPageSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listPayouts(db, request.query);
    },
  );

  for (const [action, outcome] of [
    ['complete', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    typed.post(
      `/api/admin/payouts/:id/${action}`,
      { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: processedPayoutSchema } } },
      async (request) => {
        const admin = await requireAdmin(request);
        const payout = await processPayout(ctx, { id: admin.id, email: admin.email }, request.params.id, outcome);
        return { payout: { id: payout.id, status: payout.status, processedAt: payout.processedAt?.toISOString() ?? null } };
      },
    );
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describePayoutMethod } from '#shared/payouts.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRole } from '../../platform/session.ts';
import { ADMIN_ONLY } from './routes.ts';
import { listPayouts, listSales } from './transactions-queries.ts';
import { PAYOUT_EVENT } from '../payouts/routes.ts';
import { countPendingPayouts, processPayout } from '../payouts/payouts.ts';

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** /admin/transactions: every sale and payout; admins process payouts. Everyone else gets 403. */
export async function adminTransactionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const requireAdmin = (request: FastifyRequest) => requireRole(ctx.auth, request, 'admin', ADMIN_ONLY);

  typed.get('/api/admin/transactions/sales', { schema: { querystring: z.object(pageQuery) } }, async (request) => {
    await requireAdmin(request);
    const { page, pageSize } = request.query;
    const { rows, total } = await listSales(db, { page, pageSize });
    return {
      items: rows.map((row) => ({ ...row, creatorName: row.creatorName ?? null, createdAt: row.createdAt.toISOString() })),
      total,
      page,
      pageSize,
    };
  });

  typed.get(
    '/api/admin/transactions/payouts',
    { schema: { querystring: z.object({ ...pageQuery, status: z.enum(['processing', 'completed', 'failed']).optional() }) } },
    async (request) => {
      await requireAdmin(request);
      const { page, pageSize, status } = request.query;
      const [{ rows, total }, pendingCount] = await Promise.all([listPayouts(db, { page, pageSize, status }), countPendingPayouts(db)]);
      return {
        items: rows.map(({ payout, creatorName, creatorEmail, processedByEmail }) => ({
          id: payout.id,
          creatorId: payout.userId,
          creatorName,
          creatorEmail,
          amountCents: payout.amountCents,
          method: payout.method,
          methodLabel: describePayoutMethod(payout.method),
          status: payout.status,
          requestedAt: payout.requestedAt.toISOString(),
          processedAt: payout.processedAt?.toISOString() ?? null,
          processedByEmail,
        })),
        total,
        page,
        pageSize,
        pendingCount,
      };
    },
  );

  for (const [action, outcome] of [
    ['complete', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    typed.post(`/api/admin/payouts/:id/${action}`, { schema: { params: z.object({ id: z.string().max(100) }) } }, async (request) => {
      const admin = await requireAdmin(request);
      const payout = await processPayout(db, { id: admin.id, email: admin.email }, request.params.id, outcome);
      await ctx.realtime.publish(userChannel(payout.userId), PAYOUT_EVENT, { id: payout.id, status: payout.status });
      return { payout: { id: payout.id, status: payout.status, processedAt: payout.processedAt?.toISOString() ?? null } };
    });
  }
}

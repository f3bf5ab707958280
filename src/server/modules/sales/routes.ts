import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shortUrl } from '#shared/links.ts';
import { conversionRate, SALES_MESSAGES } from '#shared/sales.ts';
import { canExportSales, salesExportFileName } from '#shared/sales-export.ts';
import { salesFiltersSchema, salesListQuerySchema } from '#shared/sales-filters.ts';
import { creatorOverviewSchema, mySalesSchema, refundedSaleSchema, saleDetailSchema, salesFilterOptionsSchema } from '#shared/sales-api.ts';
import { refundSaleBodySchema } from '#shared/sales-refund.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { salesCsvStream } from './export.ts';
import { creatorSalesList, creatorSalesOf, saleDetailFor, salesFilterOptions } from './list.ts';
import { creatorOverview } from './queries.ts';
import { refundSaleFor } from './service.ts';

const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });

/** Creators' sales, refunds and overview (the buyer's library and downloads are in modules/orders). */
export async function salesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/my/sales',
    { schema: { querystring: salesListQuerySchema, response: { 200: mySalesSchema } } },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      reply.header('Cache-Control', 'private, no-store');
      return creatorSalesList(db, user.id, request.query, ctx.config.PUBLIC_URL);
    },
  );

  typed.get('/api/my/sales/filters', { schema: { response: { 200: salesFilterOptionsSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return salesFilterOptions(db, user.id, ctx.config.PUBLIC_URL);
  });

  // The sale's creator or an admin (canRefundSale); anyone else is told it does not exist.
  typed.get('/api/sales/:id', { schema: { params: saleParams, response: { 200: saleDetailSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    reply.header('Cache-Control', 'private, no-store');
    return saleDetailFor(db, user, request.params.id, ctx.config.PUBLIC_URL);
  });

  // The signed-in creator's own sales as a CSV file with the list's filters, streamed (not JSON: response-contract.test.ts lists it).
  typed.get('/api/sales/export.csv', { schema: { querystring: salesFiltersSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    if (!canExportSales(user)) throw new ForbiddenError(SALES_MESSAGES.exportCreatorsOnly, 'sales_export_forbidden');
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${salesExportFileName(new Date())}"`)
      .header('Cache-Control', 'private, no-store')
      .send(salesCsvStream(db, user.id, request.query, ctx.config.PUBLIC_URL));
  });

  // The sale's creator or an admin (canRefundSale); anyone else is told it does not exist. The body's
  // amountCents refunds part of what is left; without it, all of it.
  typed.post(
    '/api/sales/:id/refund',
    { schema: { params: saleParams, body: refundSaleBodySchema, response: { 200: refundedSaleSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const [sale] = await creatorSalesOf(db, [await refundSaleFor(ctx, user, request.params.id, request.body?.amountCents)], ctx.config.PUBLIC_URL);
      return { sale: sale! };
    },
  );

  typed.get('/api/my/overview', { schema: { response: { 200: creatorOverviewSchema } } }, async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const overview = await creatorOverview(db, user.id);
    reply.header('Cache-Control', 'private, no-store');
    return {
      plan: overview.plan,
      feeBps: overview.feeBps,
      currency: overview.currency,
      totalEarningsCents: overview.totalEarningsCents,
      totalFeesCents: overview.totalFeesCents,
      totalSales: overview.totalSales,
      uploadedProducts: overview.uploadedProducts,
      recentSales: await creatorSalesOf(db, overview.recent, ctx.config.PUBLIC_URL),
      earningsByDay: overview.earningsByDay,
      products: overview.perProduct.map((product) => ({ ...product, conversionRate: conversionRate(product.views, product.sales) })),
      sources: {
        links: overview.sources.links.map((link) => ({ ...link, shortUrl: shortUrl(ctx.config.PUBLIC_URL, link.code, link.domain) })),
        utmSources: overview.sources.utmSources,
      },
    };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shortUrl } from '#shared/links.ts';
import { conversionRate, SALES_MESSAGES } from '#shared/sales.ts';
import { canExportSales, salesExportFileName } from '#shared/sales-export.ts';
import { keptCommissionCents, saleFeeCents } from '#shared/sales-money.ts';
import { creatorOverviewSchema, mySalesSchema, refundedSaleSchema, type CreatorSale } from '#shared/sales-api.ts';
import { refundSaleBodySchema } from '#shared/sales-refund.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import type { Executor } from '../../db/client.ts';
import { orderNumbersOfSales } from './order-numbers.ts';
import { salesCsvStream } from './export.ts';
import { creatorOverview, creatorSales, type Sale } from './queries.ts';
import { refundSaleFor } from './service.ts';

const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });

/** A sale as its creator sees it, with its order's number in their store (orderNumbersOfSales). */
function creatorSale(sale: Sale, orderNumbers: ReadonlyMap<string, string>): CreatorSale {
  return {
    id: sale.id,
    productId: sale.productId,
    productName: sale.productName,
    versionName: sale.versionName,
    buyerEmail: sale.buyerEmail,
    amountCents: sale.amountCents,
    currency: sale.currency,
    discountCode: sale.discountCode,
    discountCents: sale.discountCents,
    taxCents: sale.taxCents,
    feeCents: saleFeeCents(sale),
    commissionCents: keptCommissionCents(sale),
    refundedCents: sale.refundedCents,
    status: sale.status,
    downloadCount: sale.downloadCount,
    createdAt: sale.createdAt.toISOString(),
    refundedAt: sale.refundedAt?.toISOString() ?? null,
    orderNumber: orderNumbers.get(sale.id) ?? null,
  };
}

/** The sales as their creator sees them. */
const creatorSalesOf = async (db: Executor, sold: Sale[]) => {
  const numbers = await orderNumbersOfSales(db, sold);
  return sold.map((sale) => creatorSale(sale, numbers));
};

/** Creators' sales, refunds and overview (the buyer's library and downloads are in modules/orders). */
export async function salesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/my/sales',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: mySalesSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await creatorSales(db, user.id, page, pageSize);
      return { items: await creatorSalesOf(db, rows), total, page, pageSize };
    },
  );

  // The signed-in creator's own sales as a CSV file, streamed (not JSON: response-contract.test.ts lists it).
  app.get('/api/sales/export.csv', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    if (!canExportSales(user)) throw new ForbiddenError(SALES_MESSAGES.exportCreatorsOnly, 'sales_export_forbidden');
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${salesExportFileName(new Date())}"`)
      .header('Cache-Control', 'private, no-store')
      .send(salesCsvStream(db, user.id));
  });

  // The sale's creator or an admin (canRefundSale); anyone else is told it does not exist. The body's
  // amountCents refunds part of what is left; without it, all of it.
  typed.post(
    '/api/sales/:id/refund',
    { schema: { params: saleParams, body: refundSaleBodySchema, response: { 200: refundedSaleSchema } } },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const [sale] = await creatorSalesOf(db, [await refundSaleFor(ctx, user, request.params.id, request.body?.amountCents)]);
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
      recentSales: await creatorSalesOf(db, overview.recent),
      earningsByDay: overview.earningsByDay,
      products: overview.perProduct.map((product) => ({ ...product, conversionRate: conversionRate(product.views, product.sales) })),
      sources: {
        links: overview.sources.links.map((link) => ({ ...link, shortUrl: shortUrl(ctx.config.PUBLIC_URL, link.code, link.domain) })),
        utmSources: overview.sources.utmSources,
      },
    };
  });
}

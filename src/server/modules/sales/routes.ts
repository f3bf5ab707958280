import { SALES_MESSAGES } from '#shared/sales.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { conversionRate } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { requireUser } from '../../platform/session.ts';
import { getOrder, refundPayment } from '../orders/service.ts';
import { getProduct } from '../products/queries.ts';
import { mediaUrl } from '../products/presenters.ts';
import { downloadLinks, publishSaleChange, refundMail } from '../orders/fulfilment.ts';
import { countDownload, creatorOverview, creatorSales, getSale, libraryOf, refundSale, type Sale } from './queries.ts';

class GoneError extends AppError {
  constructor(message: string, code: string) {
    super(410, code, message);
  }
}

const saleParams = z.object({ id: z.uuid(SALES_MESSAGES.saleNotFound) });

/** A sale as its creator sees it. */
function creatorSale(sale: Sale) {
  return {
    id: sale.id,
    productId: sale.productId,
    productName: sale.productName,
    buyerEmail: sale.buyerEmail,
    amountCents: sale.amountCents,
    feeCents: sale.feeCents,
    status: sale.status,
    downloadCount: sale.downloadCount,
    createdAt: sale.createdAt.toISOString(),
    refundedAt: sale.refundedAt?.toISOString() ?? null,
  };
}

/** Buyers' library and downloads; creators' sales, refunds and overview. */
export async function salesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signer = downloadLinks(ctx);

  // Purchases made with the signed-in user's confirmed e-mail, whoever was signed in when buying.
  typed.get('/api/library', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    if (!user.emailVerified) throw new ForbiddenError(ORDER_MESSAGES.emailNotConfirmed, 'email_not_confirmed');
    const rows = await libraryOf(db, user);
    reply.header('Cache-Control', 'private, no-store');
    return {
      items: rows.map(({ sale, category, cardKey, fileName, hiddenAt, creatorName, reviewed }) => ({
        saleId: sale.id,
        productId: sale.productId,
        productName: sale.productName,
        creatorName: creatorName ?? null,
        category: category ?? null,
        cardUrl: mediaUrl(cardKey),
        fileName: fileName ?? null,
        amountCents: sale.amountCents,
        status: sale.status,
        createdAt: sale.createdAt.toISOString(),
        downloadCount: sale.downloadCount,
        downloadUrl: sale.status === 'completed' && sale.productId && !hiddenAt ? signer.path(sale.id) : null,
        reviewed: Boolean(reviewed),
      })),
    };
  });

  typed.get(
    '/api/downloads/:id',
    {
      schema: {
        params: saleParams,
        querystring: z.object({ expires: z.coerce.number().int().min(0), signature: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const verdict = signer.check(id, request.query.expires, request.query.signature);
      if (verdict === 'invalid') throw new ForbiddenError(ORDER_MESSAGES.downloadInvalid, 'download_invalid');
      if (verdict === 'expired') throw new GoneError(ORDER_MESSAGES.downloadExpired, 'download_expired');
      const sale = await getSale(db, id);
      if (!sale) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
      if (sale.status !== 'completed') throw new GoneError(ORDER_MESSAGES.downloadRefunded, 'sale_refunded');
      const product = sale.productId ? await getProduct(db, sale.productId) : undefined;
      // Hidden by an admin: its file is served to nobody, whatever link or purchase they hold.
      if (product?.hiddenAt) throw new GoneError(ORDER_MESSAGES.productWithdrawn, 'product_withdrawn');
      const object = product ? await ctx.storage.get('product-files', product.fileKey) : undefined;
      if (!product || !object) throw new NotFoundError(ORDER_MESSAGES.fileMissing, 'file_missing');
      // Counted atomically; a refund that lands between the checks above and here still wins.
      if (!(await countDownload(db, sale.id))) {
        object.body.destroy();
        throw new GoneError(ORDER_MESSAGES.downloadRefunded, 'sale_refunded');
      }
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(object.size))
        .header('Content-Disposition', contentDisposition(product.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(object.body);
    },
  );

  typed.get(
    '/api/my/sales',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { page, pageSize } = request.query;
      const { rows, total } = await creatorSales(db, user.id, page, pageSize);
      return { items: rows.map(creatorSale), total, page, pageSize };
    },
  );

  // The sale's creator or an admin; anyone else is told it does not exist.
  typed.post('/api/sales/:id/refund', { schema: { params: saleParams } }, async (request) => {
    const user = await requireUser(ctx.auth, request);
    const sale = await getSale(db, request.params.id);
    if (!sale || (sale.creatorId !== user.id && user.role !== 'admin')) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
    if (sale.status !== 'completed') throw new ConflictError(SALES_MESSAGES.alreadyRefunded, 'already_refunded');
    // The money goes back first; if the provider refuses, the sale stays completed and can be retried.
    const order = await getOrder(ctx, sale.orderId);
    if (order) await refundPayment(ctx, order, { amountCents: sale.amountCents, reference: `sale-${sale.id}` });
    const refunded = await refundSale(db, sale.id);
    if (!refunded) throw new ConflictError(SALES_MESSAGES.alreadyRefunded, 'already_refunded');
    await publishSaleChange(ctx, refunded, 'refunded');
    await ctx.mailer.send(refundMail(ctx, refunded)).catch((error: unknown) => request.log.warn({ err: error }, 'refund mail failed'));
    return { sale: creatorSale(refunded) };
  });

  typed.get('/api/my/overview', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const overview = await creatorOverview(db, user.id);
    reply.header('Cache-Control', 'private, no-store');
    return {
      plan: overview.plan,
      feeBps: overview.feeBps,
      totalEarningsCents: overview.totalEarningsCents,
      totalFeesCents: overview.totalFeesCents,
      totalSales: overview.totalSales,
      uploadedProducts: overview.uploadedProducts,
      recentSales: overview.recent.map(creatorSale),
      earningsByDay: overview.earningsByDay,
      products: overview.perProduct.map((product) => ({ ...product, conversionRate: conversionRate(product.views, product.sales) })),
    };
  });
}

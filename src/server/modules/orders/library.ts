// The buyer's library and downloads: purchases are sales (modules/sales) made to the buyer's
// confirmed e-mail; files go out through short-lived signed links (download-links.ts).
import type { Readable } from 'node:stream';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import type { LibraryItem } from '#shared/orders-api.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { mediaUrl } from '../products/presenters.ts';
import { getProduct } from '../products/queries.ts';
import { countDownload, getSale, libraryOf } from '../sales/queries.ts';
import { ownedLicenses } from '../licenses/service.ts';
import { salesWithoutMembershipAccess } from '../memberships/queries.ts';
import { MEMBERSHIP_MESSAGES } from '#shared/memberships.ts';

class GoneError extends AppError {
  constructor(message: string, code: string) {
    super(410, code, message);
  }
}

/** Purchases made with the user's confirmed e-mail, whoever was signed in when buying, newest first. */
export async function buyerLibrary(ctx: AppContext, user: { id: string; email: string; emailVerified: boolean }): Promise<LibraryItem[]> {
  if (!user.emailVerified) throw new ForbiddenError(ORDER_MESSAGES.emailNotConfirmed, 'email_not_confirmed');
  const signer = ctx.orders.downloadLinks;
  const rows = await libraryOf(ctx.database.db, user);
  const licenses = await ownedLicenses(ctx.database.db, rows.map((row) => row.sale.id));
  return rows.map(({ sale, category, cardKey, fileName, hiddenAt, productSlug, creatorName, reviewed }) => ({
    saleId: sale.id,
    productId: sale.productId,
    productSlug: productSlug ?? null,
    productName: sale.productName,
    creatorName: creatorName ?? null,
    category: category ?? null,
    cardUrl: mediaUrl(cardKey),
    // A version's sale delivers the file it was sold with (sales.file_name), else the product's.
    fileName: sale.fileName ?? fileName ?? null,
    versionName: sale.versionName,
    amountCents: sale.amountCents,
    currency: sale.currency,
    refundedCents: sale.refundedCents,
    status: sale.status,
    createdAt: sale.createdAt.toISOString(),
    downloadCount: sale.downloadCount,
    downloadUrl: sale.status === 'completed' && sale.productId && !hiddenAt ? signer.path(sale.id) : null,
    reviewed: Boolean(reviewed),
    license: licenses.get(sale.id) ?? null,
  }));
}

/**
 * The product file behind a signed download link, counted as one download: 403 for a link that is
 * not valid, 410 once it expired, the sale was refunded or the product withdrawn, 404 without a file.
 */
export async function openDownload(
  ctx: AppContext,
  link: { saleId: string; expires: number; signature: string },
): Promise<{ fileName: string; size: number; body: Readable }> {
  const { db } = ctx.database;
  const verdict = ctx.orders.downloadLinks.check(link.saleId, link.expires, link.signature);
  if (verdict === 'invalid') throw new ForbiddenError(ORDER_MESSAGES.downloadInvalid, 'download_invalid');
  if (verdict === 'expired') throw new GoneError(ORDER_MESSAGES.downloadExpired, 'download_expired');
  const sale = await getSale(db, link.saleId);
  if (!sale) throw new NotFoundError(SALES_MESSAGES.saleNotFound, 'sale_not_found');
  if (sale.status !== 'completed') throw new GoneError(ORDER_MESSAGES.downloadRefunded, 'sale_refunded');
  // A membership's period: its file is for members while the membership gives access (decision 022).
  if ((await salesWithoutMembershipAccess(db, [sale.id])).size > 0) throw new GoneError(MEMBERSHIP_MESSAGES.noAccess, 'membership_no_access');
  const product = sale.productId ? await getProduct(db, sale.productId) : undefined;
  // Hidden by an admin: its file is served to nobody, whatever link or purchase they hold.
  if (product?.hiddenAt) throw new GoneError(ORDER_MESSAGES.productWithdrawn, 'product_withdrawn');
  // A version's sale keeps the file it was sold with, whatever the version became since (decision 017).
  const file = product ? { key: sale.fileKey ?? product.fileKey, name: sale.fileName ?? product.fileName } : undefined;
  const object = file ? await ctx.storage.get('product-files', file.key) : undefined;
  if (!file || !object) throw new NotFoundError(ORDER_MESSAGES.fileMissing, 'file_missing');
  // Counted atomically; a refund that lands between the checks above and here still wins.
  if (!(await countDownload(db, sale.id))) {
    object.body.destroy();
    throw new GoneError(ORDER_MESSAGES.downloadRefunded, 'sale_refunded');
  }
  return { fileName: file.name, size: object.size, body: object.body };
}

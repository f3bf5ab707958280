import { productPath } from '#shared/products.ts';
// The `data` of each webhook event, built from the rows the modules already have.
import type { invoices } from '../../db/schema/invoices.ts';
import type { payouts } from '../../db/schema/payouts.ts';
import type { products } from '../../db/schema/products.ts';
import type { saleRefunds, sales } from '../../db/schema/sales.ts';

export const saleEventData = (sale: typeof sales.$inferSelect) => ({
  id: sale.id,
  orderId: sale.orderId,
  productId: sale.productId,
  productName: sale.productName,
  amountCents: sale.amountCents,
  currency: sale.currency,
  feeCents: sale.feeCents,
  /** The affiliate commission recorded at the sale, on the whole amount (0 without an affiliate; docs/decisions/028-affiliates.md). */
  commissionCents: sale.commissionCents,
  /** What its refunds gave back so far (a partly refunded sale stays `completed`). */
  refundedCents: sale.refundedCents,
  buyerEmail: sale.buyerEmail,
  status: sale.status,
  createdAt: sale.createdAt.toISOString(),
  refundedAt: sale.refundedAt?.toISOString() ?? null,
});

/** `sale.refunded` and `sale.partially_refunded`: the sale as it is now, and the refund that was just made. */
export const saleRefundEventData = (sale: typeof sales.$inferSelect, refund: typeof saleRefunds.$inferSelect) => ({
  ...saleEventData(sale),
  refund: { id: refund.id, amountCents: refund.amountCents, createdAt: refund.createdAt.toISOString() },
});

export const invoiceEventData = (invoice: typeof invoices.$inferSelect) => ({
  id: invoice.id,
  clientName: invoice.clientName,
  clientEmail: invoice.clientEmail,
  totalCents: invoice.totalCents,
  currency: invoice.currency,
  status: invoice.status,
  paidAt: invoice.paidAt?.toISOString() ?? null,
});

export const productEventData = (product: typeof products.$inferSelect, origin: string) => ({
  id: product.id,
  name: product.name,
  priceCents: product.priceCents,
  currency: product.currency,
  category: product.category,
  url: `${origin}${productPath(product)}`,
});

export const payoutEventData = (payout: typeof payouts.$inferSelect) => ({
  id: payout.id,
  amountCents: payout.amountCents,
  currency: payout.currency,
  status: payout.status,
  requestedAt: payout.requestedAt.toISOString(),
  processedAt: payout.processedAt?.toISOString() ?? null,
});

// The `data` of each webhook event, built from the rows the modules already have.
import type { invoices } from '../../db/schema/invoices.ts';
import type { payouts } from '../../db/schema/payouts.ts';
import type { products } from '../../db/schema/products.ts';
import type { sales } from '../../db/schema/sales.ts';

export const saleEventData = (sale: typeof sales.$inferSelect) => ({
  id: sale.id,
  orderId: sale.orderId,
  productId: sale.productId,
  productName: sale.productName,
  amountCents: sale.amountCents,
  feeCents: sale.feeCents,
  buyerEmail: sale.buyerEmail,
  status: sale.status,
  createdAt: sale.createdAt.toISOString(),
  refundedAt: sale.refundedAt?.toISOString() ?? null,
});

export const invoiceEventData = (invoice: typeof invoices.$inferSelect) => ({
  id: invoice.id,
  clientName: invoice.clientName,
  clientEmail: invoice.clientEmail,
  totalCents: invoice.totalCents,
  status: invoice.status,
  paidAt: invoice.paidAt?.toISOString() ?? null,
});

export const productEventData = (product: typeof products.$inferSelect, origin: string) => ({
  id: product.id,
  name: product.name,
  priceCents: product.priceCents,
  category: product.category,
  url: `${origin}/store/product/${product.id}`,
});

export const payoutEventData = (payout: typeof payouts.$inferSelect) => ({
  id: payout.id,
  amountCents: payout.amountCents,
  status: payout.status,
  requestedAt: payout.requestedAt.toISOString(),
  processedAt: payout.processedAt?.toISOString() ?? null,
});

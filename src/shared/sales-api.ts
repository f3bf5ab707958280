/** The sales routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { PLAN_IDS } from './admin.ts';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { SALE_STATUSES } from './sales.ts';
import { SALE_LIST_STATUSES } from './sales-filters.ts';

/**
 * Where a sale came from, as its row records it (src/shared/sales-filters.ts): a block of the creator's
 * page, a short link (with the UTM parameters the link adds), an affiliate; none of them: direct.
 */
const saleSourceSchema = z.object({
  kind: z.enum(['direct', 'page', 'link']),
  /** The short link the buyer came through; null when not through a link, or the link is gone. */
  link: z
    .object({
      id: z.number().int(),
      code: z.string(),
      shortUrl: z.string(),
      utmSource: z.string().nullable(),
      utmMedium: z.string().nullable(),
      utmCampaign: z.string().nullable(),
    })
    .nullable(),
  /** The affiliate credited with the sale (its commission is commissionCents); null without one or once their account is gone. */
  affiliate: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  /** The site the buyer came from to the product's page (their view's referrer, beside any kind); null: none known. */
  referrerDomain: z.string().nullable(),
});
export type SaleSource = z.infer<typeof saleSourceSchema>;

/** A sale as its creator sees it (GET /api/my/sales, the overview's recent activity). */
export const creatorSaleSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  /** The product version sold, null for a product without versions. */
  versionName: z.string().nullable(),
  buyerEmail: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  /** The discount code the buyer used, and what it took off this sale. */
  discountCode: z.string().nullable(),
  discountCents: z.number().int(),
  /** The tax the buyer paid on top of the amount (not the creator's money). */
  taxCents: z.number().int(),
  /** The platform fee on what the sale keeps (src/shared/sales-money.ts saleFeeCents). */
  feeCents: z.number().int(),
  /** The commission of the affiliate whose link brought the sale, on what it keeps (keptCommissionCents; docs/decisions/028-affiliates.md). */
  commissionCents: z.number().int(),
  /** What refunds gave back so far: a `completed` sale with some is partly refunded. */
  refundedCents: z.number().int(),
  status: z.enum(SALE_STATUSES),
  downloadCount: z.number().int(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  /** The order's number in the creator's store ("MAYA-0001"), as on the buyer's receipt; null before numbers existed. */
  orderNumber: z.string().nullable(),
  /** What the creator keeps: what the sale keeps less its fee and commission (saleNetCents; the ledger's balance entries of the sale). */
  netCents: z.number().int(),
  /** completed, partially_refunded or refunded (saleListStatus). */
  listStatus: z.enum(SALE_LIST_STATUSES),
  source: saleSourceSchema,
});
export type CreatorSale = z.infer<typeof creatorSaleSchema>;
/** A sale in the overview's recent activity: the same as in the sales list. */
export type OverviewSale = CreatorSale;

/** A page of the creator's sales, newest first; `nextCursor` asks for the next one (null: this was the last). */
export const mySalesSchema = z.object({
  items: z.array(creatorSaleSchema),
  nextCursor: z.string().nullable(),
});
export type MySales = z.infer<typeof mySalesSchema>;

export const refundedSaleSchema = z.object({ sale: creatorSaleSchema });

/** One sale with its refunds, oldest first (GET /api/sales/:id: its creator or an admin). */
export const saleDetailSchema = z.object({
  sale: creatorSaleSchema.extend({ orderId: z.string(), refundedAt: z.string().nullable() }),
  refunds: z.array(z.object({ id: z.string(), amountCents: z.number().int(), taxCents: z.number().int(), createdAt: z.string() })),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** What the Sales page's filters offer: the creator's products, short links, their UTM sources, affiliates and referring sites. */
export const salesFilterOptionsSchema = z.object({
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  links: z.array(z.object({ id: z.number().int(), code: z.string(), shortUrl: z.string() })),
  utmSources: z.array(z.string()),
  affiliates: z.array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string() })),
  /** The sites the creator's buyers came from, most sales first (SALES_REFERRERS_OFFERED). */
  referrers: z.array(z.string()),
});
export type SalesFilterOptions = z.infer<typeof salesFilterOptionsSchema>;

/** The creator overview's figures (the money from the ledger: modules/ledger earningsOf). */
export const creatorOverviewSchema = z.object({
  plan: z.enum(PLAN_IDS),
  feeBps: z.number().int(),
  /** The store's currency: every figure here is in it. */
  currency: currencySchema,
  /** Earnings: sales and paid invoices less refunds and fees. */
  totalEarningsCents: z.number().int(),
  /** The platform fees taken from those earnings. */
  totalFeesCents: z.number().int(),
  /** Sales kept (not refunded). */
  totalSales: z.number().int(),
  uploadedProducts: z.number().int(),
  recentSales: z.array(creatorSaleSchema),
  /** Earnings and sales kept per UTC day of the last 30. */
  earningsByDay: z.array(z.object({ date: z.string(), amountCents: z.number().int(), sales: z.number().int() })),
  products: z.array(z.object({ id: z.string(), name: z.string(), views: z.number().int(), sales: z.number().int(), conversionRate: z.number() })),
  /** Sales kept through the creator's short links and revenue less refunds: the top links, and the same by their UTM source ("" without one). */
  sources: z.object({
    links: z.array(
      z.object({ id: z.number().int(), code: z.string(), domain: z.string().nullable(), shortUrl: z.string(), sales: z.number().int(), revenueCents: z.number().int() }),
    ),
    utmSources: z.array(z.object({ source: z.string(), sales: z.number().int(), revenueCents: z.number().int() })),
  }),
});
export type CreatorOverview = z.infer<typeof creatorOverviewSchema>;

/** The platform's money (the ledger's, modules/ledger platformMoneyOf): the admin overview's and the transactions page's. */
export const currencyMoneySchema = z.object({
  currency: currencySchema,
  /** Revenue: sales and paid invoices less refunds, before fees. */
  totalRevenueCents: z.number().int(),
  /** The platform fees in it. */
  totalFeesCents: z.number().int(),
  /** What refunds, whole and partial, gave back to buyers. */
  totalRefundsCents: z.number().int(),
});
export type CurrencyMoney = z.infer<typeof currencyMoneySchema>;

/** Per currency, never added together: USD first (zero without sales), then the others that have any. */
export const platformMoneySchema = z.object({ byCurrency: z.array(currencyMoneySchema) });
export type PlatformMoney = z.infer<typeof platformMoneySchema>;

export const SALES_API = {
  'GET /api/my/sales': mySalesSchema,
  'GET /api/my/sales/filters': salesFilterOptionsSchema,
  'GET /api/sales/:id': saleDetailSchema,
  'POST /api/sales/:id/refund': refundedSaleSchema,
  'GET /api/my/overview': creatorOverviewSchema,
} as const satisfies ApiRoutes;

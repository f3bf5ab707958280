/**
 * The creator's sales export (GET /api/sales/export.csv, issue #21): its columns, defined once here.
 * A new sale field (version, discount, tax, a store currency) becomes a column by adding one entry.
 */
import { csvLine } from './csv.ts';
import { type Currency, decimalAmount } from './money.ts';
import { keptCommissionCents, saleFeeCents, saleNetCents } from './sales-money.ts';
import type { SALE_STATUSES } from './sales.ts';
import type { SaleSource } from './sales-api.ts';

/** A sale as the export reads it. */
export interface ExportedSale {
  orderId: string;
  productName: string;
  /** The product version sold, null without versions. */
  versionName: string | null;
  buyerEmail: string;
  amountCents: number;
  currency: Currency;
  discountCode: string | null;
  discountCents: number;
  taxCents: number;
  feeCents: number;
  /** The affiliate's commission recorded at the sale (docs/decisions/028-affiliates.md). */
  commissionCents: number;
  refundedCents: number;
  status: (typeof SALE_STATUSES)[number];
  createdAt: Date;
  refundedAt: Date | null;
  /** The order's number in the creator's store, and where the sale came from (as the Sales page lists them). */
  orderNumber?: string | null;
  source?: SaleSource;
}

/** The columns in order: a stable English header (a file for tools, not translated) and the cell of a sale. */
export const SALES_EXPORT_COLUMNS: readonly { header: string; value: (sale: ExportedSale) => string }[] = [
  { header: 'date', value: (sale) => sale.createdAt.toISOString() },
  { header: 'order_id', value: (sale) => sale.orderId },
  { header: 'product', value: (sale) => sale.productName },
  { header: 'version', value: (sale) => sale.versionName ?? '' },
  { header: 'buyer_email', value: (sale) => sale.buyerEmail },
  { header: 'amount', value: (sale) => decimalAmount(sale.amountCents, sale.currency) },
  /** The discount code the buyer used, and what it took off (the amount is after it). */
  { header: 'discount_code', value: (sale) => sale.discountCode ?? '' },
  { header: 'discount', value: (sale) => decimalAmount(sale.discountCents, sale.currency) },
  /** The tax the buyer paid on top of the amount. */
  { header: 'tax', value: (sale) => decimalAmount(sale.taxCents, sale.currency) },
  /** What refunds gave back, whole or partial. */
  { header: 'refunded', value: (sale) => decimalAmount(sale.refundedCents, sale.currency) },
  /** The platform fee on what the sale keeps: none once wholly refunded (src/shared/sales-money.ts). */
  { header: 'fee', value: (sale) => decimalAmount(saleFeeCents(sale), sale.currency) },
  /** The affiliate's commission on what the sale keeps (src/shared/sales-money.ts keptCommissionCents). */
  { header: 'commission', value: (sale) => decimalAmount(keptCommissionCents(sale), sale.currency) },
  { header: 'net', value: (sale) => decimalAmount(saleNetCents(sale), sale.currency) },
  { header: 'currency', value: (sale) => sale.currency },
  { header: 'status', value: (sale) => sale.status },
  { header: 'refunded_at', value: (sale) => sale.refundedAt?.toISOString() ?? '' },
  { header: 'order_number', value: (sale) => sale.orderNumber ?? '' },
  /** direct, page or link (src/shared/sales-filters.ts), then the link's address and UTM parameters and the affiliate's e-mail. */
  { header: 'source', value: (sale) => sale.source?.kind ?? '' },
  { header: 'link', value: (sale) => sale.source?.link?.shortUrl ?? '' },
  { header: 'utm_source', value: (sale) => sale.source?.link?.utmSource ?? '' },
  { header: 'utm_medium', value: (sale) => sale.source?.link?.utmMedium ?? '' },
  { header: 'utm_campaign', value: (sale) => sale.source?.link?.utmCampaign ?? '' },
  { header: 'affiliate', value: (sale) => sale.source?.affiliate?.email ?? '' },
  /** The site the buyer came from to the product's page (src/shared/sales-filters.ts `referrer:`). */
  { header: 'referrer', value: (sale) => sale.source?.referrerDomain ?? '' },
];

export const salesExportHeader = (): string => csvLine(SALES_EXPORT_COLUMNS.map((column) => column.header));

export const salesExportLine = (sale: ExportedSale): string => csvLine(SALES_EXPORT_COLUMNS.map((column) => column.value(sale)));

/** `sales-2026-11-30.csv`, by the UTC day of the export. */
export const salesExportFileName = (now: Date): string => `sales-${now.toISOString().slice(0, 10)}.csv`;

/** Creators export their own sales (admins too, their own); buyers and companies sell nothing. */
export const canExportSales = (user: { role: string }): boolean => user.role === 'creator' || user.role === 'admin';

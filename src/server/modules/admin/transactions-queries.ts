// The admin's /admin/transactions page: every sale and invoice payment, and payouts with their creators.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayoutsPage, AdminSale, AdminSalesPage } from '#shared/payouts-api.ts';
import { asCurrency, STORE_CURRENCY } from '#shared/money.ts';
import type { PayoutStatus } from '#shared/payouts.ts';
import type { PlatformMoney } from '#shared/sales-api.ts';
import { saleFeeCents } from '#shared/sales-money.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { sales } from '../../db/schema/sales.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { platformMoneyOf } from '../ledger/ledger.ts';
import { countPendingPayouts } from '../payouts/payouts.ts';
import { toAdminPayout } from '../payouts/presenters.ts';

export interface Page {
  page: number;
  pageSize: number;
}

interface TransactionRow extends Record<string, unknown> {
  kind: 'sale' | 'invoice';
  id: string;
  invoice_id: string | null;
  creator_id: string | null;
  creator_name: string | null;
  product_id: string | null;
  product_name: string;
  buyer_email: string;
  amount_cents: number;
  currency: string;
  fee_cents: number;
  refunded_cents: number;
  status: 'completed' | 'refunded';
  created_at: Date | string;
}

/**
 * Transactions, newest first: every sale, and every invoice paid on its payment page (the same
 * money as the figures, modules/sales/money-queries.ts), with the creator's name.
 */
export async function listTransactions(db: Executor, { page, pageSize }: Page): Promise<AdminSale[]> {
  const result = await db.execute<TransactionRow>(sql`
    SELECT t.*, p.name AS creator_name FROM (
      SELECT 'sale' AS kind, s.id::text AS id, NULL::text AS invoice_id, s.creator_id, s.product_id::text AS product_id, s.product_name,
        s.buyer_email, s.amount_cents, s.currency, s.fee_cents, s.refunded_cents, s.status, s.created_at
      FROM sales s
      UNION ALL
      SELECT 'invoice', o.id, o.invoice_id, i.user_id, NULL, coalesce(i.description, ''), o.buyer_email, o.total_cents, o.currency, 0, 0, 'completed', o.paid_at
      FROM orders o LEFT JOIN invoices i ON i.id = o.invoice_id
      WHERE o.kind = 'invoice' AND o.status = 'paid'
    ) t LEFT JOIN user_profiles p ON p.id = t.creator_id
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    invoiceId: row.invoice_id,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    productId: row.product_id,
    productName: row.product_name,
    buyerEmail: row.buyer_email,
    amountCents: Number(row.amount_cents),
    currency: asCurrency(row.currency),
    feeCents: saleFeeCents({ amountCents: Number(row.amount_cents), refundedCents: Number(row.refunded_cents), feeCents: Number(row.fee_cents) }),
    refundedCents: Number(row.refunded_cents),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * The platform's money per currency from the ledger (platformMoneyOf): Total Revenue, its fees and the
 * refunds; USD first (zero-filled when it has none), then the others that have money, by code.
 */
export async function platformMoney(db: Executor): Promise<PlatformMoney> {
  const rows = await platformMoneyOf(db);
  const byCode = new Map(rows.map((row) => [row.currency, row]));
  const currencies = [STORE_CURRENCY, ...[...byCode.keys()].filter((currency) => currency !== STORE_CURRENCY).sort()];
  return {
    byCurrency: currencies.map((currency) => {
      const row = byCode.get(currency);
      return { currency, totalRevenueCents: row?.revenueCents ?? 0, totalFeesCents: row?.feesCents ?? 0, totalRefundsCents: row?.refundsCents ?? 0 };
    }),
  };
}

/** A page of transactions, with how many there are and the platform's money over all of them. */
export async function listSales(db: Executor, { page, pageSize }: Page): Promise<AdminSalesPage> {
  const [items, [sold], [paidInvoices], totals] = await Promise.all([
    listTransactions(db, { page, pageSize }),
    db.select({ value: count() }).from(sales),
    db
      .select({ value: count() })
      .from(orders)
      .where(and(eq(orders.kind, 'invoice'), eq(orders.status, 'paid'))),
    platformMoney(db),
  ]);
  return { items, total: (sold?.value ?? 0) + (paidInvoices?.value ?? 0), page, pageSize, totals };
}

const processors = alias(users, 'processors');

/**
 * Payouts, newest first (optionally of one status), with creator and the admin who processed them,
 * and how many wait for an admin whatever the filter.
 */
export async function listPayouts(db: Executor, { page, pageSize, status }: Page & { status?: PayoutStatus }): Promise<AdminPayoutsPage> {
  const where: SQL | undefined = status ? eq(payouts.status, status) : undefined;
  const [rows, [total], pendingCount] = await Promise.all([
    db
      .select({
        payout: payouts,
        creatorName: userProfiles.name,
        creatorEmail: users.email,
        processedByEmail: processors.email,
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .innerJoin(userProfiles, eq(userProfiles.id, payouts.userId))
      .leftJoin(processors, eq(processors.id, payouts.processedBy))
      .where(where)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(payouts).where(where),
    countPendingPayouts(db),
  ]);
  return { items: rows.map(toAdminPayout), total: total?.value ?? 0, page, pageSize, pendingCount };
}

// The admin's /admin/transactions page: every sale, and payouts with their creators.
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayoutsPage, AdminSalesPage } from '#shared/payouts-api.ts';
import type { PayoutStatus } from '#shared/payouts.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { sales } from '../../db/schema/sales.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { countPendingPayouts } from '../payouts/payouts.ts';
import { toAdminPayout } from '../payouts/presenters.ts';

export interface Page {
  page: number;
  pageSize: number;
}

/** Sales, newest first, with the creator's name (a deleted creator's sale stays, without a name). */
export async function listSales(db: Executor, { page, pageSize }: Page): Promise<AdminSalesPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sales.id,
        creatorId: sales.creatorId,
        creatorName: userProfiles.name,
        productId: sales.productId,
        productName: sales.productName,
        buyerEmail: sales.buyerEmail,
        amountCents: sales.amountCents,
        feeCents: sales.feeCents,
        status: sales.status,
        createdAt: sales.createdAt,
      })
      .from(sales)
      .leftJoin(userProfiles, eq(userProfiles.id, sales.creatorId))
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(sales),
  ]);
  return {
    items: rows.map((row) => ({ ...row, creatorName: row.creatorName ?? null, createdAt: row.createdAt.toISOString() })),
    total: total?.value ?? 0,
    page,
    pageSize,
  };
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

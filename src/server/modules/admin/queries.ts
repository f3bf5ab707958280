import { count, desc, eq, sql } from 'drizzle-orm';
import { RECENT_SALES_LIMIT } from '#shared/sales.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { sales } from '../../db/schema/sales.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

/** Platform-wide totals for the admin overview (SPEC §2 Admin overview). */
export async function getAdminOverview(db: Db) {
  const [[creators], [all], [productCount], [revenue], [pending], recent] = await Promise.all([
    db.select({ value: count() }).from(users).where(eq(users.role, 'creator')),
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(products),
    db
      .select({ cents: sql<number>`coalesce(sum(${sales.amountCents}), 0)::bigint`, fees: sql<number>`coalesce(sum(${sales.feeCents}), 0)::bigint` })
      .from(sales)
      .where(eq(sales.status, 'completed')),
    // Payouts waiting for an admin (the payouts module moves them on).
    db.select({ value: count() }).from(payouts).where(eq(payouts.status, 'processing')),
    db
      .select({
        id: sales.id,
        productName: sales.productName,
        creatorId: sales.creatorId,
        creatorName: userProfiles.name,
        amountCents: sales.amountCents,
        status: sales.status,
        createdAt: sales.createdAt,
      })
      .from(sales)
      .leftJoin(userProfiles, eq(userProfiles.id, sales.creatorId))
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(RECENT_SALES_LIMIT),
  ]);
  return {
    totalCreators: creators?.value ?? 0,
    totalUsers: all?.value ?? 0,
    totalProducts: productCount?.value ?? 0,
    totalRevenueCents: Number(revenue?.cents ?? 0),
    totalFeesCents: Number(revenue?.fees ?? 0),
    pendingApprovals: pending?.value ?? 0,
    recentTransactions: recent.map((row) => ({
      id: row.id,
      productName: row.productName,
      creatorId: row.creatorId,
      creatorName: row.creatorName ?? null,
      amountCents: row.amountCents,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

import { count, eq } from 'drizzle-orm';
import { RECENT_SALES_LIMIT } from '#shared/sales.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { products } from '../../db/schema/products.ts';
import { listTransactions, platformMoney } from './transactions-queries.ts';

/** Platform-wide totals for the admin overview (SPEC §2 Admin overview); money as on the transactions page. */
export async function getAdminOverview(db: Db) {
  const [[creators], [all], [productCount], money, [pending], recentTransactions] = await Promise.all([
    db.select({ value: count() }).from(users).where(eq(users.role, 'creator')),
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(products),
    platformMoney(db),
    // Payouts waiting for an admin (the payouts module moves them on).
    db.select({ value: count() }).from(payouts).where(eq(payouts.status, 'processing')),
    listTransactions(db, { page: 1, pageSize: RECENT_SALES_LIMIT }),
  ]);
  return {
    totalCreators: creators?.value ?? 0,
    totalUsers: all?.value ?? 0,
    totalProducts: productCount?.value ?? 0,
    ...money,
    pendingApprovals: pending?.value ?? 0,
    recentTransactions,
  };
}

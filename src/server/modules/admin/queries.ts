import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';

/** Platform-wide totals for the admin overview; later modules add products and revenue. */
export async function getAdminOverview(db: Db) {
  const [creators] = await db.select({ value: count() }).from(users).where(eq(users.role, 'creator'));
  const [all] = await db.select({ value: count() }).from(users);
  return { totalCreators: creators?.value ?? 0, totalUsers: all?.value ?? 0 };
}

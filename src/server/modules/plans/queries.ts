import { eq } from 'drizzle-orm';
import type { PlanId } from '#shared/plans.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';

/** A user's plan (set by an admin, later by the plan purchase); undefined for no such user. */
export async function getUserPlan(db: Executor, userId: string): Promise<PlanId | undefined> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row?.plan;
}

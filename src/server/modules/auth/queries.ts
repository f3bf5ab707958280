import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';

/** When the account's first session began, or null before it has one. */
export async function getFirstSignInAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.firstSignInAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}

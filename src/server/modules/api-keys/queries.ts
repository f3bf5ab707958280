import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeySummary } from '#shared/api-keys.ts';
import type { Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';

const summaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type SummaryRow = Awaited<ReturnType<typeof listApiKeys>>[number];

export const toSummary = (row: SummaryRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A user's keys, newest first; revoked ones stay listed (greyed) so the owner sees what was cut off. */
export async function listApiKeys(db: Executor, userId: string) {
  return db.select(summaryColumns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function countActiveApiKeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(db: Executor, values: { userId: string; name: string; prefix: string; keyHash: string }) {
  const [row] = await db.insert(apiKeys).values(values).returning(summaryColumns);
  return row!;
}

/** Revokes one of the user's active keys; false when there is no such key (or it is someone else's). */
export async function revokeApiKey(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

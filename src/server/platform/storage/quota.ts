import type { Readable } from 'node:stream';
import { and, eq, ne, sql } from 'drizzle-orm';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { fitsInQuota, STORAGE_MESSAGES, STORAGE_QUOTA_EXCEEDED_CODE, storageQuotaParams, type StorageUsage } from '#shared/storage.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { designs } from '../../db/schema/designs.ts';
import { storedFiles } from '../../db/schema/storage.ts';
import { AppError } from '../errors.ts';
import type { Bucket, ObjectStorage } from './storage.ts';

/** Bytes each plan may keep. */
export type StorageQuotas = Readonly<Record<PlanId, number>>;

const MB = 1024 * 1024;

/** The plans' quotas (src/shared/plans.ts), each replaced by its STORAGE_QUOTA_<PLAN>_MB when set. */
export function storageQuotas(config: Pick<Config, 'STORAGE_QUOTA_FREE_MB' | 'STORAGE_QUOTA_PRO_MB' | 'STORAGE_QUOTA_BUSINESS_MB'>): StorageQuotas {
  const configured: Record<PlanId, number | undefined> = {
    free: config.STORAGE_QUOTA_FREE_MB,
    pro: config.STORAGE_QUOTA_PRO_MB,
    business: config.STORAGE_QUOTA_BUSINESS_MB,
  };
  return Object.fromEntries(PLANS.map((plan) => [plan.id, configured[plan.id] === undefined ? plan.storageQuotaBytes : configured[plan.id]! * MB])) as Record<
    PlanId,
    number
  >;
}

export class StorageQuotaError extends AppError {
  constructor(quotaBytes: number, plan: PlanId) {
    super(413, STORAGE_QUOTA_EXCEEDED_CODE, STORAGE_MESSAGES.quotaExceeded(quotaBytes, plan), { params: storageQuotaParams(quotaBytes, plan) });
  }
}

/** What a user keeps: their stored files plus their designs (one design left out while it is being replaced). */
export async function storageUsage(db: Executor, quotas: StorageQuotas, userId: string, options: { exceptDesignId?: string } = {}): Promise<StorageUsage> {
  const [row] = await db
    .select({
      plan: users.plan,
      files: sql<string>`(SELECT coalesce(sum(${storedFiles.size}), 0) FROM ${storedFiles} WHERE ${storedFiles.userId} = ${users.id})`,
      designs: sql<string>`(SELECT coalesce(sum(${designs.sizeBytes}), 0) FROM ${designs} WHERE ${and(
        eq(designs.userId, users.id),
        options.exceptDesignId ? ne(designs.id, options.exceptDesignId) : undefined,
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const plan = row?.plan ?? 'free';
  return { usedBytes: Number(row?.files ?? 0) + Number(row?.designs ?? 0), quotaBytes: quotas[plan], plan };
}

/**
 * Runs `write` in a transaction once `addedBytes` more are known to fit the user's quota (413
 * StorageQuotaError otherwise). The transaction holds the user's storage lock from the check to
 * the commit, so concurrent uploads and design saves of one user are checked one after the other
 * and cannot together pass the quota.
 */
export async function withinQuota<T>(
  db: Db,
  quotas: StorageQuotas,
  userId: string,
  addedBytes: number,
  write: (tx: Tx) => Promise<T>,
  options: { exceptDesignId?: string } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`zerri-storage:${userId}`}, 0))`);
    const usage = await storageUsage(tx, quotas, userId, options);
    if (!fitsInQuota(usage, addedBytes)) throw new StorageQuotaError(usage.quotaBytes, usage.plan);
    return write(tx);
  });
}

export interface NewUserFile {
  bucket: Bucket;
  key: string;
  /** Exact size of `body` in bytes (a received temporary file's size, a re-encoded image's length). */
  size: number;
  body: () => Readable;
  contentType: string;
}

export interface UserFiles {
  /**
   * The storage every module uses: deleting an object also forgets its size, so usage follows
   * deletions made anywhere (a product, a post, an account).
   */
  storage: ObjectStorage;
  /**
   * Stores a user's files, all or none, when they fit their plan's quota (413 StorageQuotaError
   * otherwise, before anything is written). Their sizes are recorded before the objects exist, so a
   * crash can only over-count, never let files escape the quota.
   */
  store(userId: string, files: NewUserFile[]): Promise<void>;
  usage(userId: string): Promise<StorageUsage>;
  quotas: StorageQuotas;
}

export function createUserFiles(db: Db, storage: ObjectStorage, quotas: StorageQuotas): UserFiles {
  const tracked: ObjectStorage = {
    put: (bucket, key, body, options) => storage.put(bucket, key, body, options),
    get: (bucket, key) => storage.get(bucket, key),
    list: (bucket) => storage.list(bucket),
    async delete(bucket, key) {
      await storage.delete(bucket, key);
      await db.delete(storedFiles).where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.key, key)));
    },
  };
  return {
    storage: tracked,
    quotas,
    usage: (userId) => storageUsage(db, quotas, userId),
    async store(userId, files) {
      if (files.length === 0) return;
      const total = files.reduce((sum, file) => sum + file.size, 0);
      await withinQuota(db, quotas, userId, total, (tx) =>
        tx
          .insert(storedFiles)
          .values(files.map((file) => ({ bucket: file.bucket, key: file.key, userId, size: file.size })))
          // A key written again (an avatar of the same name in the same millisecond) replaces its object.
          .onConflictDoUpdate({ target: [storedFiles.bucket, storedFiles.key], set: { userId, size: sql`excluded.size` } }),
      );
      try {
        for (const file of files) {
          await storage.put(file.bucket, file.key, file.body(), { contentType: file.contentType, maxBytes: file.size });
        }
      } catch (error) {
        await Promise.all(files.map((file) => tracked.delete(file.bucket, file.key).catch(() => {})));
        throw error;
      }
    },
  };
}

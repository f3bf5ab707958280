import { and, eq } from 'drizzle-orm';
import { DESIGN_MAX_BYTES, DESIGN_TOO_LARGE_CODE, DESIGN_TOO_LARGE_MESSAGE, designSize, type DesignInput } from '#shared/designs.ts';
import type { Db } from '../../db/client.ts';
import { designs } from '../../db/schema/designs.ts';
import { AppError } from '../../platform/errors.ts';
import { withinQuota, type StorageQuotas } from '../../platform/storage/quota.ts';

export type Design = typeof designs.$inferSelect;

export const designTooLarge = () => new AppError(413, DESIGN_TOO_LARGE_CODE, DESIGN_TOO_LARGE_MESSAGE);

/** The design's size, or 413 past DESIGN_MAX_BYTES. */
function checkedSize(input: DesignInput): number {
  const size = designSize(input);
  if (size > DESIGN_MAX_BYTES) throw designTooLarge();
  return size;
}

/** A new design, counted against the owner's storage quota. */
export async function createDesign(db: Db, quotas: StorageQuotas, userId: string, input: DesignInput): Promise<Design> {
  const sizeBytes = checkedSize(input);
  return withinQuota(db, quotas, userId, sizeBytes, async (tx) => {
    const [design] = await tx
      .insert(designs)
      .values({ ...input, userId, sizeBytes })
      .returning();
    return design!;
  });
}

/** Saves over one of the user's designs (undefined when it is not theirs); its old size no longer counts. */
export async function replaceDesign(db: Db, quotas: StorageQuotas, userId: string, id: string, input: DesignInput): Promise<Design | undefined> {
  const sizeBytes = checkedSize(input);
  return withinQuota(
    db,
    quotas,
    userId,
    sizeBytes,
    async (tx) => {
      const [design] = await tx
        .update(designs)
        .set({ ...input, sizeBytes, updatedAt: new Date() })
        .where(and(eq(designs.id, id), eq(designs.userId, userId)))
        .returning();
      return design;
    },
    { exceptDesignId: id },
  );
}

import { and, desc, eq } from 'drizzle-orm';
import { DESIGN_MAX_BYTES, DESIGN_TOO_LARGE_CODE, DESIGN_TOO_LARGE_MESSAGE, designSize, type DesignInput } from '#shared/designs.ts';
import type { Design as DesignView, DesignSummary } from '#shared/designs-api.ts';
import type { Db } from '../../db/client.ts';
import { designs } from '../../db/schema/designs.ts';
import { AppError } from '../../platform/errors.ts';
import { withinQuota, type StorageQuotas } from '../../platform/storage/quota.ts';

export type Design = typeof designs.$inferSelect;

const summaryColumns = { id: designs.id, title: designs.title, createdAt: designs.createdAt, updatedAt: designs.updatedAt };
/** A design or its summary as the API answers it (dates as ISO strings). */
const view = <Row extends { createdAt: Date; updatedAt: Date }>(row: Row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export const designTooLarge = () => new AppError(413, DESIGN_TOO_LARGE_CODE, DESIGN_TOO_LARGE_MESSAGE);

/** The design's size, or 413 past DESIGN_MAX_BYTES. */
function checkedSize(input: DesignInput): number {
  const size = designSize(input);
  if (size > DESIGN_MAX_BYTES) throw designTooLarge();
  return size;
}

/** A new design, counted against the owner's storage quota. */
export async function createDesign(db: Db, quotas: StorageQuotas, userId: string, input: DesignInput): Promise<DesignView> {
  const sizeBytes = checkedSize(input);
  return withinQuota(db, quotas, userId, sizeBytes, async (tx) => {
    const [design] = await tx
      .insert(designs)
      .values({ ...input, userId, sizeBytes })
      .returning();
    return view(design!);
  });
}

/** Saves over one of the user's designs (undefined when it is not theirs); its old size no longer counts. */
export async function replaceDesign(db: Db, quotas: StorageQuotas, userId: string, id: string, input: DesignInput): Promise<DesignView | undefined> {
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
      return design && view(design);
    },
    { exceptDesignId: id },
  );
}

/** The user's designs, most recently changed first. */
export async function listDesigns(db: Db, userId: string): Promise<DesignSummary[]> {
  const rows = await db.select(summaryColumns).from(designs).where(eq(designs.userId, userId)).orderBy(desc(designs.updatedAt));
  return rows.map(view);
}

/** One of the user's designs, or undefined. */
export async function getDesign(db: Db, userId: string, id: string): Promise<DesignView | undefined> {
  const [design] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)));
  return design && view(design);
}

/** Renames one of the user's designs; undefined when it is not theirs. */
export async function renameDesign(db: Db, userId: string, id: string, title: string): Promise<DesignSummary | undefined> {
  const [design] = await db
    .update(designs)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .returning(summaryColumns);
  return design && view(design);
}

/** Deletes one of the user's designs; false when it is not theirs. */
export async function deleteDesign(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(designs)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .returning({ id: designs.id });
  return deleted.length > 0;
}

import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

export type Invoice = typeof invoices.$inferSelect;

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert): Promise<Invoice> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function listOwnInvoices(db: Executor, userId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(500);
}

/** pending → paid; undefined when the invoice is not pending (or not this creator's, when `userId` is given). */
export async function markPendingInvoicePaid(db: Executor, id: string, userId?: string): Promise<Invoice | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending'), userId ? eq(invoices.userId, userId) : undefined))
    .returning();
  return row;
}

/** An invoice with its creator's public name (and the seller details of their Settings), for the payment page and the PDF. */
export async function getInvoiceWithCreator(db: Executor, id: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      creatorName: userProfiles.name,
      creatorEmail: users.email,
      seller: { name: userProfiles.sellerName, address: userProfiles.sellerAddress, taxId: userProfiles.sellerTaxId },
    })
    .from(invoices)
    .innerJoin(userProfiles, eq(userProfiles.id, invoices.userId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, id));
  return row;
}

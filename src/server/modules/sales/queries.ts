import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { EARNINGS_DAYS, platformFeeCents, RECENT_SALES_LIMIT } from '#shared/sales.ts';
import { PLANS } from '#shared/plans.ts';
import { refundEntries, saleEntries, type LedgerSale } from '#shared/ledger.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { reviews } from '../../db/schema/products.ts';
import { orders } from '../../db/schema/orders.ts';
import { saleRefunds, sales } from '../../db/schema/sales.ts';
import { products, productVersions } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { dailySalesKept, salesKept } from './money-queries.ts';
import { storeCurrency } from '../profiles/queries.ts';
import { saleGivesAccess } from './access.ts';
import { revenueBySource } from './sources.ts';
import { saleAffiliate } from '../affiliates/service.ts';
import { earningsOf, postToLedger, type LedgerPosting } from '../ledger/ledger.ts';

export type Sale = typeof sales.$inferSelect;
export type SaleRefund = typeof saleRefunds.$inferSelect;
/** An order as its table has it (typed here so sales need not import orders). */
type Order = typeof orders.$inferSelect;

/** The provider's idempotency reference of a withdrawn product's refund (one per order and product). */
export const withdrawnRefundReference = (orderId: string, productId: string) => `withdrawn-${orderId}-${productId}`;

/** The provider's idempotency reference of a sale's n-th refund (n from 1): a retry of the same refund after a lost answer reuses it. */
export const saleRefundReference = (saleId: string, n: number) => `sale-${saleId}-${n}`;

const feeBpsOf = (plan: string | undefined) => PLANS.find((candidate) => candidate.id === plan)?.platformFeeBps ?? PLANS[0]!.platformFeeBps;

/**
 * One sale per product of a paid order, with the platform fee of each creator's plan. The unique
 * (order, product) pair makes a second run a no-op; a product deleted since the order keeps its sale
 * (product_id null). The `withdrawn` products (no longer on sale, their price already returned to the
 * buyer) are recorded as refunded sales without a fee, so neither the creator's balance nor the
 * product's sales count takes them. Returns the sales made.
 */
export async function insertOrderSales(tx: Tx, order: Order, withdrawn: ReadonlySet<string> = new Set()): Promise<Sale[]> {
  const creatorIds = [...new Set(order.items.map((item) => item.creatorId))];
  const plans = creatorIds.length
    ? await tx.select({ id: users.id, plan: users.plan }).from(users).where(inArray(users.id, creatorIds))
    : [];
  const planOf = new Map(plans.map((row) => [row.id, row.plan]));
  const made: Sale[] = [];
  for (const item of order.items) {
    const refunded = withdrawn.has(item.productId);
    const [existing] = await tx.select({ id: products.id }).from(products).where(eq(products.id, item.productId));
    // The version's file as it is now is the one this sale delivers, whatever later becomes of the version.
    const [version] = item.versionId ? await tx.select().from(productVersions).where(eq(productVersions.id, item.versionId)) : [];
    const buyerEmail = item.giftEmail ?? order.buyerEmail;
    const buyerUserId = item.giftEmail ? null : order.buyerUserId;
    const feeCents = refunded ? 0 : platformFeeCents(item.priceCents, feeBpsOf(planOf.get(item.creatorId)));
    // Through an affiliate's link to this product: their commission comes off the creator's share.
    const affiliate = refunded
      ? undefined
      : await saleAffiliate(tx, {
          productId: item.productId,
          creatorId: item.creatorId,
          source: item.source,
          currency: order.currency,
          // Whoever paid: buying through one's own link earns nothing, a gift included.
          buyerUserId: order.buyerUserId,
          buyerEmail: order.buyerEmail,
          amountCents: item.priceCents,
          feeCents,
        });
    const [sale] = await tx
      .insert(sales)
      .values({
        orderId: order.id,
        productId: existing ? item.productId : null,
        productName: item.name,
        ...(version ? { versionId: version.id, versionName: item.versionName ?? version.name, fileKey: version.fileKey, fileName: version.fileName } : {}),
        creatorId: planOf.has(item.creatorId) ? item.creatorId : null,
        // A gift belongs to its recipient (their library, by e-mail); the order keeps who paid.
        buyerEmail,
        buyerUserId,
        amountCents: item.priceCents,
        currency: order.currency,
        discountCode: item.discountCents ? order.discountCode : null,
        source: item.source ?? null,
        referrerDomain: item.referrerDomain ?? null,
        discountCents: item.discountCents ?? 0,
        taxCents: item.taxCents ?? 0,
        feeCents,
        ...(affiliate ? { affiliateId: affiliate.affiliateId, commissionCents: affiliate.commissionCents } : {}),
        testMode: order.testMode,
        ...(refunded ? { status: 'refunded' as const, refundedCents: item.priceCents, refundedAt: new Date() } : {}),
      })
      .onConflictDoNothing()
      .returning();
    if (!sale) continue;
    made.push(sale);
    await postToLedger(tx, salePosting(sale, 'sale'), saleEntries(ledgerSale(sale)));
    // The price fulfilProductOrder returned, recorded with the reference it was refunded with.
    if (refunded) {
      const [refund] = await tx
        .insert(saleRefunds)
        .values({ saleId: sale.id, amountCents: item.priceCents, taxCents: item.taxCents ?? 0, reference: withdrawnRefundReference(order.id, item.productId) })
        .onConflictDoNothing()
        .returning();
      if (refund) await postToLedger(tx, { ...salePosting(sale, 'refund'), refundId: refund.id }, refundEntries(ledgerSale(sale), 0, refund));
    }
  }
  const soldIds = made.flatMap((sale) => (sale.productId && sale.status === 'completed' ? [sale.productId] : []));
  if (soldIds.length) await tx.update(products).set({ salesCount: sql`${products.salesCount} + 1` }).where(inArray(products.id, soldIds));
  return made;
}

/** A sale as the ledger posts it (src/shared/ledger.ts). */
const ledgerSale = (sale: Sale): LedgerSale => ({
  amountCents: sale.amountCents,
  taxCents: sale.taxCents,
  feeCents: sale.feeCents,
  commissionCents: sale.commissionCents,
  creatorId: sale.creatorId,
  affiliateId: sale.affiliateId,
});

const salePosting = (sale: Sale, kind: 'sale' | 'refund'): LedgerPosting => ({
  kind,
  currency: sale.currency,
  testMode: sale.testMode,
  creatorId: sale.creatorId,
  saleId: sale.id,
  orderId: sale.orderId,
  ...(kind === 'sale' ? { at: sale.createdAt } : {}),
});

/**
 * Posts to the ledger a sale written without recordSales (the demo's), with what it says was refunded
 * (no refund rows): the payments' own path posts as it records.
 */
export async function postSaleToLedger(tx: Tx, sale: Sale): Promise<void> {
  await postToLedger(tx, salePosting(sale, 'sale'), saleEntries(ledgerSale(sale)));
  if (sale.refundedCents > 0) {
    const refund = { amountCents: sale.refundedCents, taxCents: 0 };
    await postToLedger(tx, { ...salePosting(sale, 'refund'), at: sale.refundedAt ?? sale.createdAt }, refundEntries(ledgerSale(sale), 0, refund));
  }
}

export async function salesOfOrder(db: Executor, orderId: string): Promise<Sale[]> {
  return db.select().from(sales).where(eq(sales.orderId, orderId)).orderBy(sales.createdAt, sales.id);
}

export async function getSale(db: Db, id: string): Promise<Sale | undefined> {
  const [sale] = await db.select().from(sales).where(eq(sales.id, id));
  return sale;
}

/** Counts a download of a completed sale; undefined when the sale is missing or refunded. */
export async function countDownload(db: Db, saleId: string) {
  const [row] = await db
    .update(sales)
    .set({ downloadCount: sql`${sales.downloadCount} + 1` })
    .where(and(eq(sales.id, saleId), eq(sales.status, 'completed')))
    .returning({ productId: sales.productId });
  return row;
}

/**
 * The sale, locked until the transaction ends (SELECT … FOR UPDATE), with how many refunds it had:
 * concurrent refunds of one sale run one after another, each seeing what the earlier ones left.
 */
export async function lockSaleForRefund(tx: Tx, saleId: string): Promise<{ sale: Sale; refunds: number } | undefined> {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update');
  if (!sale) return undefined;
  const [refunds] = await tx.select({ value: count() }).from(saleRefunds).where(eq(saleRefunds.saleId, saleId));
  return { sale, refunds: refunds?.value ?? 0 };
}

/**
 * Records a refund of `amountCents` of a completed sale locked by lockSaleForRefund (the caller checked
 * the amount against what is left): the refund row, the sale's refunded_cents, and once nothing is
 * left the sale is refunded and taken off the product's sales count. Returns the sale as it is now.
 */
export async function recordSaleRefund(
  tx: Tx,
  sale: Sale,
  refund: { amountCents: number; taxCents: number; reference: string; createdBy: string | null },
): Promise<{ sale: Sale; refund: SaleRefund }> {
  const [row] = await tx.insert(saleRefunds).values({ saleId: sale.id, ...refund }).returning();
  await postToLedger(tx, { ...salePosting(sale, 'refund'), refundId: row!.id, at: row!.createdAt }, refundEntries(ledgerSale(sale), sale.refundedCents, refund));
  const whole = sale.refundedCents + refund.amountCents >= sale.amountCents;
  const [updated] = await tx
    .update(sales)
    .set({
      refundedCents: sql`${sales.refundedCents} + ${refund.amountCents}`,
      ...(whole ? { status: 'refunded' as const, refundedAt: row!.createdAt } : {}),
    })
    .where(and(eq(sales.id, sale.id), eq(sales.status, 'completed')))
    .returning();
  if (!updated) throw new Error(`Sale ${sale.id} was not completed when its refund was recorded.`);
  if (whole && updated.productId) {
    await tx
      .update(products)
      .set({ salesCount: sql`greatest(${products.salesCount} - 1, 0)` })
      .where(eq(products.id, updated.productId));
  }
  return { sale: updated, refund: row! };
}

/** A sale's refunds, oldest first. */
export async function refundsOfSale(db: Executor, saleId: string): Promise<SaleRefund[]> {
  return db.select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId)).orderBy(asc(saleRefunds.createdAt), asc(saleRefunds.id));
}

/** Everything bought with this e-mail address (any case), newest first, with whether the user reviewed it. */
export async function libraryOf(db: Db, user: { id: string; email: string }) {
  return db
    .select({
      sale: sales,
      category: products.category,
      cardKey: products.cardKey,
      fileName: products.fileName,
      hiddenAt: products.hiddenAt,
      productSlug: products.slug,
      creatorName: userProfiles.name,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.product_id = ${sales.productId} and r.user_id = ${user.id})`,
    })
    .from(sales)
    .leftJoin(products, eq(products.id, sales.productId))
    .leftJoin(userProfiles, eq(userProfiles.id, sales.creatorId))
    // A membership's paid periods are not purchases to list: the membership is shown instead (modules/memberships).
    .where(
      and(
        sql`lower(${sales.buyerEmail}) = lower(${user.email})`,
        sql`NOT EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${sales.orderId} AND o.subscription_id IS NOT NULL)`,
      ),
    )
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(500);
}

/** Whether the buyer's library holds anything: one lookup on the buyer e-mail index (GET /api/me's hasPurchases). */
export async function hasLibraryPurchases(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: sales.id })
    .from(sales)
    .where(sql`lower(${sales.buyerEmail}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * The creator overview's figures (SPEC §2 Creator overview): Total Earnings and its fees and the 30-day
 * chart of earnings from the ledger (earningsOf), the sales kept and their count per day.
 */
export async function creatorOverview(db: Db, creatorId: string) {
  const [kept, uploaded, plan, recent, days, perProduct, currency, sources, earnings] = await Promise.all([
    salesKept(db, creatorId),
    db.select({ value: count() }).from(products).where(eq(products.userId, creatorId)),
    db.select({ plan: users.plan }).from(users).where(eq(users.id, creatorId)),
    db.select().from(sales).where(eq(sales.creatorId, creatorId)).orderBy(desc(sales.createdAt), desc(sales.id)).limit(RECENT_SALES_LIMIT),
    dailySalesKept(db, creatorId, EARNINGS_DAYS),
    db
      .select({ id: products.id, name: products.name, views: products.views, sales: products.salesCount })
      .from(products)
      .where(eq(products.userId, creatorId))
      .orderBy(desc(products.views), desc(products.salesCount), desc(products.createdAt))
      .limit(10),
    // One currency: the store's cannot change once it has a sale (profiles/queries.ts storeCurrencyLocked).
    storeCurrency(db, creatorId),
    revenueBySource(db, creatorId),
    earningsOf(db, creatorId, EARNINGS_DAYS),
  ]);
  const planId = plan[0]?.plan;
  const earnedOn = new Map(earnings.byDay.map((day) => [day.date, day.cents]));
  return {
    plan: planId ?? 'free',
    feeBps: feeBpsOf(planId),
    currency,
    totalEarningsCents: earnings.totalCents,
    totalFeesCents: earnings.feesCents,
    totalSales: kept,
    uploadedProducts: uploaded[0]?.value ?? 0,
    recent,
    earningsByDay: days.map((day) => ({ date: day.date, amountCents: earnedOn.get(day.date) ?? 0, sales: day.salesKept })),
    perProduct,
    sources,
  };
}

/**
 * Which of the products the user owns: a completed (not refunded) sale made by the account, or to its
 * confirmed e-mail (what its library lists), a membership only while it gives access. Gifts they
 * paid for belong to the recipients.
 */
export async function ownedProductIds(db: Executor, user: { id: string; email: string; emailVerified: boolean }, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const byEmail = user.emailVerified ? sql`lower(${sales.buyerEmail}) = lower(${user.email})` : sql`false`;
  const rows = await db
    .selectDistinct({ productId: sales.productId })
    .from(sales)
    .where(
      and(inArray(sales.productId, [...productIds]), eq(sales.status, 'completed'), or(eq(sales.buyerUserId, user.id), byEmail), saleGivesAccess(sql`${sales.orderId}`)),
    );
  return new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])));
}

/** Whether this e-mail bought the product (a completed sale to it). */
export async function hasBought(db: Executor, productId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.productId, productId), eq(sales.status, 'completed'), sql`lower(${sales.buyerEmail}) = lower(${email})`))
    .limit(1);
  return Boolean(row);
}

/** The version of the buyer's latest completed purchase of the product (null: bought without versions, or not bought). */
export async function boughtVersionName(db: Executor, productId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ versionName: sales.versionName })
    .from(sales)
    .where(and(eq(sales.productId, productId), eq(sales.status, 'completed'), sql`lower(${sales.buyerEmail}) = lower(${email})`))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(1);
  return row?.versionName ?? null;
}

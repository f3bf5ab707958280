// Affiliates (docs/decisions/028-affiliates.md): a creator opens a product with a commission, any
// other user joins and gets their own short link, and a sale through it credits them the commission.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AFFILIATE_MESSAGES, affiliateCommissionCents } from '#shared/affiliates.ts';
import type { Affiliation, MyAffiliations, ProductAffiliates } from '#shared/affiliates-api.ts';
import { generateShortCode, shortUrl } from '#shared/links.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { affiliatePrograms, affiliates } from '../../db/schema/affiliates.ts';
import { users } from '../../db/schema/auth.ts';
import { shortLinks } from '../../db/schema/links.ts';
import { products } from '../../db/schema/products.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { insertShortLink } from '../links/queries.ts';
import { getBalanceCents, type TestMoneyRule } from '../payouts/payouts.ts';
import { storeCurrency } from '../profiles/queries.ts';

/** Where the answers' short links point: this deployment's public address. */
export interface AffiliateSite {
  origin: string;
}

const RANDOM_CODE_ATTEMPTS = 8;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product page an affiliate link goes to. */
export const productPageUrl = (origin: string, productId: string) => `${origin.replace(/\/+$/, '')}/store/product/${productId}`;

/** A product on sale (not hidden, creator not suspended) with its program's commission, or 404. */
async function productOnSale(db: Executor, productId: string) {
  const notFound = new NotFoundError(AFFILIATE_MESSAGES.productNotFound, 'affiliate_product_not_found');
  if (!UUID_PATTERN.test(productId)) throw notFound;
  const [row] = await db
    .select({ id: products.id, userId: products.userId, currency: products.currency, commissionPercent: affiliatePrograms.commissionPercent })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.productId, products.id))
    .where(and(eq(products.id, productId), sql`${products.hiddenAt} IS NULL`, sql`${products.publishedAt} IS NOT NULL`, sql`${users.suspendedAt} IS NULL`));
  if (!row) throw notFound;
  return row;
}

async function linkOf(db: Executor, productId: string, userId: string) {
  const [row] = await db
    .select({ id: affiliates.id, linkId: affiliates.linkId, code: shortLinks.shortCode })
    .from(affiliates)
    .leftJoin(shortLinks, eq(shortLinks.id, affiliates.linkId))
    .where(and(eq(affiliates.productId, productId), eq(affiliates.userId, userId)));
  return row;
}

/** The product's program as `viewerId` sees it (anyone, signed in or not). */
export async function productAffiliates(db: Db, site: AffiliateSite, productId: string, viewerId: string | null): Promise<ProductAffiliates> {
  const product = await productOnSale(db, productId);
  const joined = viewerId ? await linkOf(db, productId, viewerId) : undefined;
  return {
    productId,
    commissionPercent: product.commissionPercent,
    currency: product.currency,
    isOwner: viewerId === product.userId,
    link: joined?.code ? { productId, code: joined.code, shortUrl: shortUrl(site.origin, joined.code) } : null,
  };
}

/** The creator's product only: anyone else is refused. */
async function ownProduct(db: Executor, userId: string, productId: string) {
  const product = await productOnSale(db, productId);
  if (product.userId !== userId) throw new ForbiddenError(AFFILIATE_MESSAGES.notOwner, 'affiliate_not_owner');
  return product;
}

/** Opens the creator's product to affiliates at `commissionPercent` (or changes it); later sales take the new one. */
export async function openProduct(db: Db, site: AffiliateSite, userId: string, productId: string, commissionPercent: number): Promise<ProductAffiliates> {
  await ownProduct(db, userId, productId);
  await db
    .insert(affiliatePrograms)
    .values({ productId, commissionPercent })
    .onConflictDoUpdate({ target: affiliatePrograms.productId, set: { commissionPercent, updatedAt: new Date() } });
  return productAffiliates(db, site, productId, userId);
}

/** Closes the product to affiliates: no new sale is attributed; recorded commissions stay. */
export async function closeProduct(db: Db, site: AffiliateSite, userId: string, productId: string): Promise<ProductAffiliates> {
  await ownProduct(db, userId, productId);
  await db.delete(affiliatePrograms).where(eq(affiliatePrograms.productId, productId));
  return productAffiliates(db, site, productId, userId);
}

/** A new short link of the affiliate to the product page, with a random code. */
async function newAffiliateLink(tx: Executor, site: AffiliateSite, userId: string, productId: string): Promise<number> {
  for (let attempt = 0; attempt < RANDOM_CODE_ATTEMPTS; attempt++) {
    const row = await insertShortLink(tx, { shortCode: generateShortCode(randomBytes), domainId: null, originalUrl: productPageUrl(site.origin, productId), userId, isCustom: false });
    if (row) return row.id;
  }
  throw new Error('Could not find a free short code');
}

/**
 * Joins a product open to affiliates: the user (never its creator, and only with a balance in the
 * product's currency) gets their own short link to it. Joining again answers the same link (a new
 * one if they deleted theirs).
 */
export async function joinProduct(db: Db, site: AffiliateSite, userId: string, productId: string): Promise<ProductAffiliates> {
  const product = await productOnSale(db, productId);
  if (product.userId === userId) throw new ForbiddenError(AFFILIATE_MESSAGES.ownProduct, 'affiliate_own_product');
  if (product.commissionPercent === null) throw new ConflictError(AFFILIATE_MESSAGES.notOpen, 'affiliate_not_open');
  if ((await storeCurrency(db, userId)) !== product.currency) throw new BadRequestError(AFFILIATE_MESSAGES.currencyMismatch, 'affiliate_currency_mismatch');
  await db.transaction(async (tx) => {
    await tx.insert(affiliates).values({ productId, userId }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: affiliates.id, linkId: affiliates.linkId })
      .from(affiliates)
      .where(and(eq(affiliates.productId, productId), eq(affiliates.userId, userId)))
      .for('update');
    if (row && row.linkId === null) await tx.update(affiliates).set({ linkId: await newAffiliateLink(tx, site, userId, productId) }).where(eq(affiliates.id, row.id));
  });
  return productAffiliates(db, site, productId, userId);
}

/**
 * The products a user joined with what their link did: its clicks (as written by the links' click
 * buffer, a second or so behind), the sales through it not wholly refunded and the commissions they kept
 * (the ledger's).
 */
export async function listAffiliations(db: Db, site: AffiliateSite, userId: string): Promise<Affiliation[]> {
  const rows = await db
    .select({
      productId: affiliates.productId,
      productName: products.name,
      commissionPercent: affiliatePrograms.commissionPercent,
      currency: products.currency,
      code: shortLinks.shortCode,
      clicks: shortLinks.clicks,
      joinedAt: affiliates.createdAt,
      sales: sql<number>`(SELECT count(*)::int FROM sales s WHERE s.affiliate_id = ${userId} AND s.product_id = ${affiliates.productId} AND s.status = 'completed')`,
      // The ledger's commission entries of the affiliate's balance for sales of this product, refunds included.
      earningsCents: sql<string>`(SELECT 0 - coalesce(sum(e.amount_cents), 0) FROM sales s
        JOIN ledger_transactions t ON t.sale_id = s.id JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'balance' AND e.owner_id = ${userId}
        WHERE s.affiliate_id = ${userId} AND s.product_id = ${affiliates.productId})`,
    })
    .from(affiliates)
    .innerJoin(products, eq(products.id, affiliates.productId))
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.productId, affiliates.productId))
    .leftJoin(shortLinks, eq(shortLinks.id, affiliates.linkId))
    .where(eq(affiliates.userId, userId))
    .orderBy(desc(affiliates.createdAt))
    .limit(500);
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    commissionPercent: row.commissionPercent,
    currency: row.currency,
    code: row.code,
    shortUrl: row.code ? shortUrl(site.origin, row.code) : null,
    clicks: row.clicks ?? 0,
    sales: Number(row.sales),
    earningsCents: Number(row.earningsCents),
    joinedAt: row.joinedAt.toISOString(),
  }));
}

/**
 * The affiliate's page: the products joined and the payout balance, not floored (a refund of a sale
 * whose commission was paid out shows as a negative balance holding payouts; decision 028).
 */
export async function myAffiliations(db: Db, site: AffiliateSite, rule: TestMoneyRule, userId: string): Promise<MyAffiliations> {
  const [items, balanceCents, currency] = await Promise.all([listAffiliations(db, site, userId), getBalanceCents(db, userId, rule), storeCurrency(db, userId)]);
  return { items, balance: { balanceCents, currency } };
}

/** What a sale being recorded needs to know of its buyer and item to find its affiliate. */
export interface SaleForAffiliate {
  productId: string;
  creatorId: string;
  /** The remembered click (`link:<id>`), as checkout kept it on the item. */
  source: string | null | undefined;
  currency: string;
  buyerUserId: string | null;
  buyerEmail: string;
  amountCents: number;
  feeCents: number;
}

/**
 * The affiliate of a sale and their commission, or undefined: the item came through an affiliate's
 * link to this very product, the product is still open, the affiliate is neither the creator nor the
 * buyer (by account or e-mail: self-referral earns nothing), and the affiliate's balance is in the
 * sale's currency (a balance never mixes currencies).
 */
export async function saleAffiliate(tx: Tx, sale: SaleForAffiliate): Promise<{ affiliateId: string; commissionCents: number } | undefined> {
  const linkId = /^link:(\d{1,10})$/.exec(sale.source ?? '')?.[1];
  if (!linkId) return undefined;
  const [row] = await tx
    .select({ userId: affiliates.userId, email: users.email, currency: userProfiles.currency, percent: affiliatePrograms.commissionPercent })
    .from(affiliates)
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.productId, affiliates.productId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, affiliates.userId))
    .where(and(eq(affiliates.linkId, Number(linkId)), eq(affiliates.productId, sale.productId)));
  if (!row) return undefined;
  if (row.userId === sale.creatorId || row.userId === sale.buyerUserId || row.email.toLowerCase() === sale.buyerEmail.toLowerCase()) return undefined;
  if (row.currency !== sale.currency) return undefined;
  const commissionCents = affiliateCommissionCents(sale.amountCents, sale.feeCents, row.percent);
  return commissionCents > 0 ? { affiliateId: row.userId, commissionCents } : undefined;
}

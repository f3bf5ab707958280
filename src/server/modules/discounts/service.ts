// A creator's discount codes, and what a buyer's code takes off a cart. Uses are counted in the
// checkout's transaction under a lock on the code's row (reserveDiscount), so a code with 10 uses
// left is used 10 times however many buyers try it at once; an unpaid checkout holds its use for
// DISCOUNT_HOLD_MINUTES only (liveUse), and is paid after that only if a use is left (recheckHeldUse).
import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  DISCOUNT_CODES_MAX,
  DISCOUNT_HOLD_MINUTES,
  DISCOUNT_MESSAGES,
  discountRefusalMessage,
  normalizeDiscountCode,
  priceWithDiscount,
  type DiscountRefusal,
  type DiscountRule,
  type PricedLine,
} from '#shared/discounts.ts';
import type { DiscountCode, DiscountCodeInput, DiscountQuote } from '#shared/discounts-api.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { discountCodes, discountRedemptions } from '../../db/schema/discounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';

type DiscountRow = typeof discountCodes.$inferSelect;

/**
 * How a checkout's order records its code's use: createOrder's `reserve` or `alongside` (orders/service.ts
 * CreateOrderInput), said here so discounts need not import orders.
 */
export interface DiscountUse {
  reserve?: (tx: Tx, orderId: string) => Promise<void>;
  alongside?: { insert: SQL; refuse?: (error: unknown) => unknown };
}

/** A code the buyer cannot use, with the reason's code and message (400, or 404 for an unknown code). */
export class DiscountRefusedError extends AppError {
  constructor(code: DiscountRefusal, params?: Record<string, string>) {
    super(code === 'discount_unknown' ? 404 : 400, code, discountRefusalMessage(code, params), params ? { params } : {});
  }
}

/**
 * Whether an order's use of a code counts at `now`: paid, or still held by an unpaid checkout, for
 * DISCOUNT_HOLD_MINUTES (a Stripe one until its session ends: made to expire as soon, it then says so
 * and the order fails). A test-card order past its hold is paid only if a use is left (recheckHeldUse).
 */
export const liveUse = (now: Date): SQL =>
  sql`(${orders.status} = 'paid' or (${orders.status} = 'pending' and (${orders.provider} = 'stripe' or ${orders.createdAt} > ${holdStart(now)})))`;

/** Orders made before this no longer hold a use unpaid. */
const holdStart = (now: Date) => new Date(now.getTime() - DISCOUNT_HOLD_MINUTES * 60_000);

/** Uses that count now (liveUse). */
const liveUses = (now: Date) =>
  sql<number>`(select count(*)::int from ${discountRedemptions} join ${orders} on ${orders.id} = ${discountRedemptions.orderId} where ${discountRedemptions.discountId} = discount_codes.id and ${liveUse(now)})`;

function present(row: DiscountRow, uses: number): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    productIds: row.productIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    oncePerEmail: row.oncePerEmail,
    minOrderCents: row.minOrderCents,
    uses,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDiscountCodes(db: Db, creatorId: string, now: Date): Promise<{ items: DiscountCode[] }> {
  const rows = await db
    .select({ row: discountCodes, uses: liveUses(now) })
    .from(discountCodes)
    .where(eq(discountCodes.creatorId, creatorId))
    .orderBy(sql`${discountCodes.createdAt} desc`);
  return { items: rows.map(({ row, uses }) => present(row, uses)) };
}

export async function createDiscountCode(db: Db, creatorId: string, input: DiscountCodeInput & { productIds: string[] }): Promise<DiscountCode> {
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(discountCodes).where(eq(discountCodes.creatorId, creatorId));
  if (existing >= DISCOUNT_CODES_MAX) throw new BadRequestError(DISCOUNT_MESSAGES.tooMany, 'discount_codes_too_many');
  const productIds = [...new Set(input.productIds)];
  if (productIds.length) {
    const own = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, creatorId), inArray(products.id, productIds)));
    if (own.length !== productIds.length) throw new BadRequestError(DISCOUNT_MESSAGES.productsInvalid, 'discount_products_invalid');
  }
  try {
    const [row] = await db
      .insert(discountCodes)
      .values({
        creatorId,
        code: input.code.trim(),
        kind: input.kind,
        amount: input.amount,
        productIds,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        maxUses: input.maxUses ?? null,
        oncePerEmail: input.oncePerEmail ?? false,
        minOrderCents: input.minOrderCents || null,
      })
      .returning();
    return present(row!, 0);
  } catch (error) {
    if (isUniqueViolation(error, 'discount_codes_creator_code_idx')) throw new ConflictError(DISCOUNT_MESSAGES.codeTaken, 'discount_code_taken');
    throw error;
  }
}

export async function deleteDiscountCode(db: Db, creatorId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.creatorId, creatorId)))
    .returning({ id: discountCodes.id });
  if (!deleted.length) throw new NotFoundError(DISCOUNT_MESSAGES.notFound, 'discount_code_not_found');
}

const ruleOf = (row: DiscountRow): DiscountRule => ({
  creatorId: row.creatorId,
  kind: row.kind,
  amount: row.amount,
  productIds: row.productIds,
  minOrderCents: row.minOrderCents,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

/** Whether the code was used with this e-mail (when it may be once per e-mail), or has no use left, counted on `db` as it is at `now`. */
async function usesRefusal(db: Executor, row: DiscountRow, now: Date, email?: string): Promise<DiscountRefusal | undefined> {
  if (row.oncePerEmail && email) {
    const [used] = await db
      .select({ orderId: discountRedemptions.orderId })
      .from(discountRedemptions)
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(and(eq(discountRedemptions.discountId, row.id), eq(discountRedemptions.email, email.trim().toLowerCase()), liveUse(now)))
      .limit(1);
    if (used) return 'discount_already_used';
  }
  if (row.maxUses !== null) {
    // Counted up to the cap only: a popular code's check does not grow with its uses.
    const live = db
      .select({ one: sql`1` })
      .from(discountRedemptions)
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(and(eq(discountRedemptions.discountId, row.id), liveUse(now)))
      .limit(row.maxUses)
      .as('live');
    const [{ uses } = { uses: 0 }] = await db.select({ uses: count() }).from(live);
    if (uses >= row.maxUses) return 'discount_used_up';
  }
  return undefined;
}

export interface AppliedDiscount {
  id: string;
  code: string;
  /** What reserveDiscount must count again: total uses and uses per e-mail. */
  maxUses: number | null;
  oncePerEmail: boolean;
  quote: DiscountQuote;
}

/**
 * What `code` takes off `lines` (products on sale, priced now): the code of one of their creators,
 * within its dates, for these products, over its minimum, with a use left (and one for `email`).
 * Throws DiscountRefusedError with the first reason it cannot be used.
 */
export async function applyDiscount(db: Db, code: string, lines: readonly PricedLine[], now: Date, email?: string): Promise<AppliedDiscount> {
  const creatorIds = [...new Set(lines.map((line) => line.creatorId))];
  const rows = creatorIds.length
    ? await db
        .select()
        .from(discountCodes)
        .where(and(sql`upper(${discountCodes.code}) = ${normalizeDiscountCode(code)}`, inArray(discountCodes.creatorId, creatorIds)))
        .orderBy(discountCodes.createdAt)
    : [];
  let refusal: { code: DiscountRefusal; params?: Record<string, string> } = { code: 'discount_unknown' };
  // Two creators in the cart may have the same code: the first one that can be used applies.
  for (const row of rows) {
    const pricing = priceWithDiscount(ruleOf(row), lines, now);
    if (!pricing.ok) {
      refusal = pricing;
      continue;
    }
    const used = await usesRefusal(db, row, now, email);
    if (used) {
      refusal = { code: used };
      continue;
    }
    return { id: row.id, code: row.code, maxUses: row.maxUses, oncePerEmail: row.oncePerEmail, quote: { code: row.code, kind: row.kind, amount: row.amount, lines: pricing.lines, discountCents: pricing.discountCents } };
  }
  throw new DiscountRefusedError(refusal.code, refusal.params);
}

/**
 * How a checkout records its use of the code with its order (orders/service.ts createOrder): a code
 * that can run out is counted again under a lock, in the order's transaction (reserveDiscount); any
 * other use is one more row written in the same statement as the order, with no lock to wait for,
 * selecting the order's id from `newOrder` (orders/service.ts NEW_ORDER, the new order's CTE).
 */
export function discountUse(discount: Pick<AppliedDiscount, 'id' | 'maxUses' | 'oncePerEmail'>, email: string, now: Date, newOrder: SQLWrapper): DiscountUse {
  if (discount.maxUses !== null || discount.oncePerEmail) return { reserve: (tx, orderId) => reserveDiscount(tx, discount, orderId, email, now) };
  return {
    alongside: {
      insert: sql`INSERT INTO ${discountRedemptions} (discount_id, order_id, email) SELECT ${discount.id}, id, ${email.trim().toLowerCase()} FROM ${newOrder}`,
      refuse: (error) => (isForeignKeyViolation(error, 'discount_redemptions_discount_id_discount_codes_id_fk') ? new DiscountRefusedError('discount_unknown') : undefined),
    },
  };
}

/**
 * In the checkout's transaction, after its order is written: records this order's use of the code.
 * Only what can run out is counted again, and only it waits: a code with a total number of uses locks
 * its row (concurrent checkouts with it take turns, so the last use goes once); a code once per e-mail
 * locks that code and e-mail (an advisory lock); any other code takes no lock. Throws
 * DiscountRefusedError (rolling the order back) when the code was used up or deleted meanwhile.
 */
export async function reserveDiscount(tx: Tx, discount: Pick<AppliedDiscount, 'id' | 'maxUses' | 'oncePerEmail'>, orderId: string, email: string, now: Date): Promise<void> {
  const buyer = email.trim().toLowerCase();
  const row = await lockCode(tx, discount, buyer);
  if (row) {
    const used = await usesRefusal(tx, row, now, buyer);
    if (used) throw new DiscountRefusedError(used);
  } else if (discount.maxUses !== null || discount.oncePerEmail) {
    throw new DiscountRefusedError('discount_unknown');
  }
  try {
    await tx.insert(discountRedemptions).values({ discountId: discount.id, orderId, email: buyer });
  } catch (error) {
    // Deleted by its creator since it was priced.
    if (isForeignKeyViolation(error, 'discount_redemptions_discount_id_discount_codes_id_fk')) throw new DiscountRefusedError('discount_unknown');
    throw error;
  }
}

/**
 * The lock a use of a code that can run out is counted under (reserveDiscount, recheckHeldUse): the
 * code's row when it has a total number of uses, else the code and e-mail (an advisory lock); the
 * code's row as it is, or undefined when it is gone or cannot run out.
 */
async function lockCode(tx: Tx, discount: Pick<DiscountRow, 'id' | 'maxUses' | 'oncePerEmail'>, buyer: string): Promise<DiscountRow | undefined> {
  if (discount.maxUses !== null) return (await tx.select().from(discountCodes).where(eq(discountCodes.id, discount.id)).for('update'))[0];
  if (!discount.oncePerEmail) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`discount:${discount.id}:${buyer}`}, 0))`);
  return (await tx.select().from(discountCodes).where(eq(discountCodes.id, discount.id)))[0];
}

/**
 * In the transaction that pays a test-card order, before it is marked paid: its use of a code that can
 * run out, counted again under the code's lock once its hold has passed (DISCOUNT_HOLD_MINUTES), when
 * another checkout may have taken it. Throws DiscountRefusedError (the payment is not booked) when no
 * use is left for it; within the hold the use is its own. The lock orders it with every checkout
 * counting the same code, so the last use goes once.
 */
export async function recheckHeldUse(tx: Tx, order: { id: string; createdAt: Date }, now: Date): Promise<void> {
  const [use] = await tx
    .select({ id: discountCodes.id, maxUses: discountCodes.maxUses, oncePerEmail: discountCodes.oncePerEmail, email: discountRedemptions.email })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.discountId))
    .where(eq(discountRedemptions.orderId, order.id));
  if (!use || (use.maxUses === null && !use.oncePerEmail)) return;
  const row = await lockCode(tx, use, use.email);
  if (!row || order.createdAt > holdStart(now)) return;
  // Past its hold this order is not counted (liveUse): what is left is for it or for no one.
  const used = await usesRefusal(tx, row, now, use.email);
  if (used) throw new DiscountRefusedError(used);
}

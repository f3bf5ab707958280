// A creator's balance, payout method and payout requests, and the admin's processing of them.
import { and, count, desc, eq } from 'drizzle-orm';
import {
  availableBalanceCents,
  balanceOwed,
  heldTestBalanceCents,
  IDEMPOTENCY_KEY_PATTERN,
  PAYOUT_EVENT,
  PAYOUT_MESSAGES,
  payoutAmountProblem,
  testMoneyPayable,
  validatePayoutMethod,
  type BalanceParts,
  type PayoutMethod,
  type PayoutMethodInput,
} from '#shared/payouts.ts';
import { codedMessage } from '#shared/messages.ts';
import { userChannel } from '#shared/realtime.ts';
import { formatMoney } from '#shared/money.ts';
import { adjustmentEntries, payoutEntries } from '#shared/ledger.ts';
import type { BalanceAdjustment } from '#shared/payouts-api.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { recordAdminAction, type AuditActor } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { adjustmentsOf, balanceOf, postToLedger } from '../ledger/ledger.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { payoutEventData } from '../webhooks/events.ts';
import { announceNotifications, notify } from '../notifications/service.ts';
import { storeCurrency } from '../profiles/queries.ts';

export type Payout = typeof payouts.$inferSelect;

/** Whether test-payment money may be paid out here: `testMoneyPayable(config.isProduction)`. */
export interface TestMoneyRule {
  testMoneyPayable: boolean;
}

export const testMoneyRule = (config: Pick<Config, 'isProduction'>): TestMoneyRule => ({ testMoneyPayable: testMoneyPayable(config.isProduction) });

/**
 * What the balance is made of: the user's balance in the ledger (their earnings less payouts), that
 * of test-card payments apart (src/shared/ledger.ts; modules/ledger sums it).
 */
export async function balanceParts(db: Executor, userId: string): Promise<BalanceParts> {
  const [real, test] = await Promise.all([balanceOf(db, 'balance', userId, { testMode: false }), balanceOf(db, 'balance', userId, { testMode: true })]);
  return { balanceCents: real, testBalanceCents: test };
}

/** The balance a payout may take, and the test-payment money held out of it ("Test balance"). */
export async function getBalance(db: Executor, userId: string, rule: TestMoneyRule): Promise<{ balanceCents: number; testBalanceCents: number }> {
  const parts = await balanceParts(db, userId);
  return { balanceCents: availableBalanceCents(parts, rule), testBalanceCents: heldTestBalanceCents(parts, rule) };
}

export async function getBalanceCents(db: Executor, userId: string, rule: TestMoneyRule): Promise<number> {
  return (await getBalance(db, userId, rule)).balanceCents;
}

export async function getPayoutMethod(db: Executor, userId: string): Promise<PayoutMethod | null> {
  const [row] = await db.select({ method: userProfiles.payoutMethodDetails }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.method ?? null;
}

/**
 * Saves where the creator's payouts go (a PayPal e-mail or a bank account, decision 034); their open
 * pages update. A refusal names the first field's problem, with the field.
 */
export async function savePayoutMethod(ctx: AppContext, userId: string, input: PayoutMethodInput): Promise<PayoutMethod> {
  const result = validatePayoutMethod(input);
  if (!result.ok) {
    const [field, message] = Object.entries(result.problems)[0] ?? ['email', PAYOUT_MESSAGES.invalidEmail];
    const code = field === 'email' ? 'invalid_email' : (codedMessage(message, PAYOUT_MESSAGES)?.code ?? 'invalid_payout_method');
    throw new BadRequestError(message, code, { params: { field } });
  }
  await ctx.database.db.update(userProfiles).set({ payoutMethodDetails: result.value, updatedAt: new Date() }).where(eq(userProfiles.id, userId));
  await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { method: true });
  return result.value;
}

export async function listOwnPayouts(db: Executor, userId: string): Promise<Payout[]> {
  return db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.requestedAt)).limit(200);
}

/** The payouts page: the balance (and test money held out of it), the method, the payout history and the admins' adjustments. */
export async function getPayoutsOverview(db: Executor, userId: string, rule: TestMoneyRule) {
  const [balance, method, history, currency, adjustments] = await Promise.all([
    getBalance(db, userId, rule),
    getPayoutMethod(db, userId),
    listOwnPayouts(db, userId),
    storeCurrency(db, userId),
    adjustmentsOf(db, userId),
  ]);
  return { ...balance, currency, method, payouts: history, adjustments: adjustments.map(toAdjustment) };
}

const toAdjustment = (row: Awaited<ReturnType<typeof adjustmentsOf>>[number]): BalanceAdjustment => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * An admin credits (positive) or debits (negative) a user's balance, in their store's currency, with a
 * reason the user sees on their payouts page: the ledger's adjustment, at the platform's cost or to
 * its credit, and the audit log's entry in one transaction. A debit may leave a debt (a negative
 * balance that holds payouts). The user's open payouts page updates.
 */
export async function adjustBalance(
  ctx: AppContext,
  admin: AuditActor,
  userId: string,
  input: { amountCents: number; reason: string },
  rule: TestMoneyRule,
): Promise<{ adjustment: BalanceAdjustment; balanceCents: number }> {
  const { db } = ctx.database;
  if (admin.id === userId) throw new ForbiddenError(PAYOUT_MESSAGES.adjustmentOwnBalance, 'own_balance');
  const adjustment = await db.transaction(async (tx) => {
    // The profile's lock orders the adjustment with the user's payout requests (insertPayoutOnce).
    const [profile] = await tx.select({ currency: userProfiles.currency }).from(userProfiles).where(eq(userProfiles.id, userId)).for('update');
    if (!profile) throw new NotFoundError(PAYOUT_MESSAGES.adjustmentUserNotFound, 'user_not_found');
    const posting = { kind: 'adjustment', currency: profile.currency, actorId: admin.id, reason: input.reason } as const;
    const posted = await postToLedger(tx, posting, adjustmentEntries(userId, input.amountCents));
    await recordAdminAction(tx, admin, 'balance.adjust', { type: 'user', id: userId }, { amountCents: input.amountCents, currency: profile.currency, reason: input.reason });
    return { id: String(posted!.id), amountCents: input.amountCents, currency: profile.currency, reason: input.reason, createdAt: posted!.createdAt.toISOString() };
  });
  await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { adjustment: true });
  return { adjustment, balanceCents: await getBalanceCents(db, userId, rule) };
}

/** The request's Idempotency-Key header, or 400 when it is missing or malformed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestError(PAYOUT_MESSAGES.idempotencyKeyRequired, 'idempotency_key_required');
  return key;
}

/**
 * Requests a payout of `amountCents` (the whole available balance when left out). The client sends one idempotency key per
 * request it means to make, and resends it on a retry, so a double click or a lost answer never
 * makes two payouts: a request repeating an earlier key gets that earlier payout back (`created`
 * false). A new payout is announced on the creator's channel. Answers the balance left.
 */
export async function requestPayout(
  ctx: AppContext,
  userId: string,
  idempotencyKey: string,
  rule: TestMoneyRule,
  amountCents?: number,
): Promise<{ payout: Payout; created: boolean; balanceCents: number }> {
  const { db } = ctx.database;
  const { payout, created } = await insertPayoutOnce(db, userId, idempotencyKey, rule, amountCents);
  if (created) await ctx.realtime.publish(userChannel(userId), PAYOUT_EVENT, { id: payout.id, status: payout.status });
  return { payout, created, balanceCents: await getBalanceCents(db, userId, rule) };
}

/**
 * One transaction locks the creator's profile row first, so concurrent requests run one after
 * another and each checks its amount against the balance the earlier ones left; an earlier payout with the same key is
 * returned as it is. Test-payment money is left out where `rule` says it is not payable (production).
 */
async function insertPayoutOnce(
  db: Db,
  userId: string,
  idempotencyKey: string,
  rule: TestMoneyRule,
  amountCents: number | undefined,
): Promise<{ payout: Payout; created: boolean }> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ method: userProfiles.payoutMethodDetails, currency: userProfiles.currency })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, idempotencyKey)));
    if (earlier) return { payout: earlier, created: false };
    const balance = await getBalanceCents(tx, userId, rule);
    if (balanceOwed(balance)) {
      // Refunds after a payout left a debt: no payout until new earnings cover it.
      const shown = formatMoney(balance, undefined, profile?.currency);
      throw new ConflictError(PAYOUT_MESSAGES.balanceNegative(shown), 'balance_negative', { params: { balance: shown, balanceCents: balance } });
    }
    if (!profile?.method) throw new BadRequestError(PAYOUT_MESSAGES.setupRequired, 'setup_required');
    if (balance <= 0) throw new BadRequestError(PAYOUT_MESSAGES.noFunds, 'no_funds');
    const amount = amountCents ?? balance;
    const problem = payoutAmountProblem(amount, balance, profile.currency);
    if (problem) throw new BadRequestError(problem.message, problem.code, problem.params ? { params: problem.params } : undefined);
    const [payout] = await tx
      .insert(payouts)
      .values({ userId, amountCents: amount, currency: profile.currency, method: profile.method, status: 'processing', idempotencyKey })
      .returning();
    await postToLedger(tx, { kind: 'payout', currency: payout!.currency, payoutId: payout!.id, at: payout!.requestedAt }, payoutEntries('payout', userId, amount));
    await emitWebhookEvent(tx, userId, 'payout.requested', payoutEventData(payout!));
    return { payout: payout!, created: true };
  });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An admin marks a processing payout completed or failed; the audit log gets the entry in the same
 * transaction. The creator's open payouts page updates.
 */
export async function processPayout(ctx: AppContext, admin: AuditActor, id: string, outcome: 'completed' | 'failed'): Promise<Payout> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError(PAYOUT_MESSAGES.payoutNotFound, 'payout_not_found');
  const payout = await ctx.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payouts)
      .set({ status: outcome, processedAt: new Date(), processedBy: admin.id })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'processing')))
      .returning();
    if (!updated) {
      const [existing] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id));
      if (!existing) throw new NotFoundError(PAYOUT_MESSAGES.payoutNotFound, 'payout_not_found');
      throw new ConflictError(PAYOUT_MESSAGES.payoutProcessed, 'payout_already_processed');
    }
    const step = outcome === 'completed' ? 'payout_completed' : 'payout_failed';
    const posting = { kind: step, currency: updated.currency, payoutId: updated.id, actorId: admin.id, at: updated.processedAt ?? undefined } as const;
    await postToLedger(tx, posting, payoutEntries(step, updated.userId, updated.amountCents));
    await recordAdminAction(tx, admin, outcome === 'completed' ? 'payout.complete' : 'payout.fail', { type: 'payout', id }, {
      userId: updated.userId,
      amountCents: updated.amountCents,
    });
    await emitWebhookEvent(tx, updated.userId, outcome === 'completed' ? 'payout.completed' : 'payout.failed', payoutEventData(updated));
    const data = { amountCents: updated.amountCents, currency: updated.currency, link: '/dashboard/payouts' };
    await notify(ctx, tx, updated.userId, outcome === 'completed' ? 'payout_paid' : 'payout_failed', data);
    return updated;
  });
  await ctx.realtime.publish(userChannel(payout.userId), PAYOUT_EVENT, { id: payout.id, status: payout.status });
  await announceNotifications(ctx, payout.userId);
  return payout;
}

/** Payouts waiting for an admin: the admin overview's Pending Approvals. */
export async function countPendingPayouts(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(payouts).where(eq(payouts.status, 'processing'));
  return row?.value ?? 0;
}

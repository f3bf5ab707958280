import { describePayoutMethod } from '#shared/payouts.ts';
import type { AdminPayout, Payout as PayoutAnswer } from '#shared/payouts-api.ts';
import type { Payout } from './payouts.ts';

/** A payout as its creator sees it, with its method as shown in lists. */
export function toOwnPayout(payout: Payout): PayoutAnswer {
  return {
    id: payout.id,
    amountCents: payout.amountCents,
    currency: payout.currency,
    method: payout.method,
    methodLabel: describePayoutMethod(payout.method),
    status: payout.status,
    requestedAt: payout.requestedAt.toISOString(),
    processedAt: payout.processedAt?.toISOString() ?? null,
  };
}

/** A payout in the admin's list, with its creator and the admin who processed it. */
export function toAdminPayout(row: { payout: Payout; creatorName: string; creatorEmail: string; processedByEmail: string | null }): AdminPayout {
  return {
    ...toOwnPayout(row.payout),
    creatorId: row.payout.userId,
    creatorName: row.creatorName,
    creatorEmail: row.creatorEmail,
    processedByEmail: row.processedByEmail,
  };
}

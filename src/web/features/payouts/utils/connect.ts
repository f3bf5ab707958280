import type { PayoutAccountOverview, PayoutAccountStatus } from '../api/types.ts';

/** A requirement the provider still has, in its own words (Stripe's `individual.verification.document`), made readable. */
export const requirementLabel = (requirement: string) => requirement.replace(/[._]+/g, ' ').trim();

/**
 * Whether the creator's money stays on the platform: payout accounts are offered, and theirs (if any)
 * does not take transfers yet (one still verified for payouts may take them already). Unknown (still
 * loading) counts as not held.
 */
export const isHeldByPlatform = (overview: Pick<PayoutAccountOverview, 'available' | 'account'> | undefined) =>
  Boolean(overview?.available && !overview.account?.transfersEnabled);

/** Whether the creator still has details to give the provider (the "Finish setup" button). */
export const needsDetails = (status: PayoutAccountStatus) => status === 'details_needed';

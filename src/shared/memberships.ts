// Memberships (issue #24): a product sold as a recurring subscription, monthly and/or yearly, per
// version (tier) when it has versions, with an optional free trial. The rules here are pure: the
// periods, proration on a tier change, the access a status gives, MRR and churn (decision 022).

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * A subscription's life: trialing → active → past_due (a renewal failed: the grace period) →
 * ended (grace ran out), or canceled (the member canceled; it ends at the period's end).
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a subscription pays for: a creator's membership, or the platform's own plan (decision 025). */
export const SUBSCRIPTION_SUBJECTS = ['membership', 'plan'] as const;
export type SubscriptionSubject = (typeof SUBSCRIPTION_SUBJECTS)[number];

/** The statuses that give access to the product's files and members-only posts. */
export const ACCESS_STATUSES = ['trialing', 'active', 'past_due'] as const satisfies readonly SubscriptionStatus[];
export const hasAccess = (status: SubscriptionStatus) => (ACCESS_STATUSES as readonly string[]).includes(status);

export const TRIAL_DAYS_MAX = 90;
export const DEFAULT_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MEMBERSHIP_MESSAGES = {
  notMembership: 'This product is not a membership.',
  planNotFound: 'This product has no membership prices.',
  priceMissing: 'Set a monthly or a yearly price.',
  priceInvalid: 'Enter a price of zero or more.',
  trialInvalid: `A free trial lasts 0 to ${TRIAL_DAYS_MAX} days.`,
  tierInvalid: 'Pick a tier of this product.',
  intervalUnavailable: 'This membership has no price for that billing period.',
  alreadyMember: 'You are already a member of this product.',
  ownProduct: 'You cannot join your own membership.',
  notFound: 'Membership not found.',
  noAccess: 'This membership has ended: its files are for members only.',
  notCancelable: 'This membership has already ended or is set to end.',
  notResumable: 'Only a membership set to end can be resumed.',
  notChangeable: 'Only an active membership can change tier.',
  sameTier: 'You are already on this tier.',
  cardUnavailable: 'This membership has ended: there is no card to update.',
  membershipCheckout: 'A membership is joined from its product page, not the cart.',
  postProductInvalid: 'Pick one of your own membership products.',
  tooManyTries: (seconds: number) => `Too many tries. Please wait ${seconds} seconds and try again.`,
} as const;

/** Adds one billing interval (calendar month or year, in UTC). */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * What a tier change costs now: the difference of the two prices for the part of the period left
 * (days, rounded down). Positive is charged at once; negative is a credit taken off the next renewal.
 */
export function prorationCents(change: { fromCents: number; toCents: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  const total = Math.max(1, Math.round((change.periodEnd.getTime() - change.periodStart.getTime()) / DAY_MS));
  const left = Math.max(0, Math.floor((change.periodEnd.getTime() - change.now.getTime()) / DAY_MS));
  return Math.round(((change.toCents - change.fromCents) * Math.min(left, total)) / total);
}

/** The monthly recurring revenue of a subscription: a yearly price counts a twelfth. */
export const monthlyCents = (sub: { priceCents: number; interval: BillingInterval }) => (sub.interval === 'year' ? Math.round(sub.priceCents / 12) : sub.priceCents);

/** Churn: the members lost in a window over the members at its start (0 when there were none), as a percentage with one decimal. */
export const churnPercent = (lost: number, atStart: number) => (atStart === 0 ? 0 : Math.round((lost / atStart) * 1000) / 10);

// The creator's Analytics page (issue #46, docs/decisions/036-creator-home.md): its date ranges, how
// a conversion and the monthly recurring revenue are reckoned, and how many visitors one network may
// add to a product's views in a day. Pure rules, the same on the server and the page.
import { monthlyCents, type BillingInterval, type SubscriptionStatus } from './memberships.ts';

/** The ranges the page offers: the last 7, 30 or 90 UTC days (today included), or two chosen days. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';
const RANGE_DAYS: Record<Exclude<AnalyticsRange, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The longest custom range, in days (both ends included). */
export const CUSTOM_RANGE_MAX_DAYS = 366;

/** How many entries each top list holds. */
export const TOP_LISTED = 10;

export const ANALYTICS_MESSAGES = {
  rangeInvalid: `Pick a start and an end date, the end not before the start, at most ${CUSTOM_RANGE_MAX_DAYS} days apart.`,
  productNotFound: 'Product not found.',
} as const;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD date as its UTC midnight in ms; NaN when it is no real date (2026-02-30). */
function dayMs(date: string): number {
  if (!DATE.test(date)) return Number.NaN;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : Number.NaN;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days `from`..`to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY_MS) days.push(dateOf(ms));
  return days;
}

/**
 * The UTC days a range stands for on `today` (YYYY-MM-DD): the last 7, 30 or 90 days, today included,
 * or the custom `from`..`to`, both included; undefined when a custom range is not two real dates in
 * order, at most CUSTOM_RANGE_MAX_DAYS days.
 */
export function rangeDays(range: AnalyticsRange, today: string, custom: { from?: string; to?: string } = {}): { from: string; to: string } | undefined {
  if (range !== 'custom') return { from: dateOf(dayMs(today) - (RANGE_DAYS[range] - 1) * DAY_MS), to: today };
  const { from = '', to = '' } = custom;
  const start = dayMs(from);
  const end = dayMs(to);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start || (end - start) / DAY_MS + 1 > CUSTOM_RANGE_MAX_DAYS) return undefined;
  return { from, to };
}

/** Views that became sales, as a percentage with one decimal; null without views (no rate to tell). */
export const conversionPercent = (views: number, sales: number): number | null => (views > 0 ? Math.round((sales / views) * 1000) / 10 : null);

/** The statuses whose memberships pay every period: MRR counts them (a trial pays nothing yet; a past-due one is still owed). */
export const MRR_STATUSES = ['active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

/** Monthly recurring revenue: the monthly price (a yearly one counts a twelfth) of each paying membership, summed. */
export function mrrCents(memberships: readonly { status: SubscriptionStatus; priceCents: number; interval: BillingInterval }[]): number {
  return memberships.reduce((sum, membership) => ((MRR_STATUSES as readonly string[]).includes(membership.status) ? sum + monthlyCents(membership) : sum), 0);
}

/**
 * Product views count people, not networks: each browser has its own visitor id (a cookie), and a
 * signed-in viewer is their account. One network (an address, or an IPv6 /64) can still add at most
 * this many visitors to one product's views in a UTC day: a script that drops its cookie each time
 * cannot inflate a count past it, while an office or a phone network's people each count.
 */
export const VISITORS_PER_NETWORK_MAX = 30;

/** Whether one more visitor from a network that already added `visitorsToday` to a product today counts. */
export const networkMayAddVisitor = (visitorsToday: number) => visitorsToday < VISITORS_PER_NETWORK_MAX;

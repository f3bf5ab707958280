/** Pricing plans (SPEC §3 Pricing plan, §9 Plans); prices in whole US dollars. */
export const YEARLY_DISCOUNT = 0.15;

export type PlanId = 'free' | 'pro' | 'business';
export type BillingPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  description: string;
  features: string[];
  feeNote: string;
  popular: boolean;
  /** Platform fee per sale, in basis points (1% = 100). */
  platformFeeBps: number;
  /** Stored files and designs a user of this plan may keep (see storage.ts); the server can lower or raise it in config. */
  storageQuotaBytes: number;
  /** E-mails to customers and followers (audience posts) this plan sends in a calendar month (UTC). */
  audienceMailsPerMonth: number;
  /** Team users the owner may invite to work on their store (members and pending invites together; see teams.ts). */
  teamSeats: number;
}

const GB = 1024 ** 3;

/** Yearly price: the monthly price times 12, less 15%, rounded to whole dollars. */
export function yearlyPrice(monthlyPrice: number): number {
  return Math.round(monthlyPrice * 12 * (1 - YEARLY_DISCOUNT));
}

export function planPrice(plan: Pick<Plan, 'monthlyPrice'>, period: BillingPeriod): number {
  return period === 'yearly' ? yearlyPrice(plan.monthlyPrice) : plan.monthlyPrice;
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPrice: 0,
    description: 'Everything you need to start selling.',
    features: ['Unlimited digital products', 'Public storefront', 'Short links with analytics', 'Invoices and payment links'],
    feeNote: '1% platform fee per sale, plus the payment processor’s fee',
    popular: false,
    platformFeeBps: 100,
    storageQuotaBytes: 1 * GB,
    audienceMailsPerMonth: 1_000,
    teamSeats: 0,
  },
  {
    id: 'pro',
    name: 'Creator Pro',
    monthlyPrice: 39,
    description: 'For creators who sell every week.',
    features: ['Everything in Free', 'Custom storefront slug', 'AI content studio', 'Priority support'],
    feeNote: 'Payment processor’s fee only',
    popular: true,
    platformFeeBps: 0,
    storageQuotaBytes: 10 * GB,
    audienceMailsPerMonth: 25_000,
    teamSeats: 0,
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPrice: 75,
    description: 'For teams and studios.',
    features: ['No platform fees', '3 team users', 'API access', 'Unlimited AI builder'],
    feeNote: 'No platform fees; payment processor’s fee only',
    popular: false,
    platformFeeBps: 0,
    storageQuotaBytes: 100 * GB,
    audienceMailsPerMonth: 100_000,
    teamSeats: 3,
  },
];

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
  /**
   * AI generations in a calendar month (UTC): the AI studio's, and the product form's "Write with AI"
   * drafts and translations (one each). null: unlimited (the "AI builder"). Every plan has some: the
   * AI assistant is every signed-in user's (SPEC §6); aiAllowance says what an account gets.
   */
  aiGenerationsPerMonth: number | null;
  /** Whether the storefront address may be chosen; without it the account keeps the generated one. */
  customSlug: boolean;
  /** Whether API keys work (src/server/platform/api-keys.ts). */
  apiAccess: boolean;
  /** Team users the owner may invite to work on their store, besides the owner (members and pending invites together; teams.ts). */
  teamUsers: number;
}

/** Free's monthly AI generations (the pricing page shows it). */
export const FREE_AI_GENERATIONS_PER_MONTH = 20;
/** Creator Pro's monthly AI generations (the pricing page shows it). */
export const PRO_AI_GENERATIONS_PER_MONTH = 200;
/** A plan's feature line for its AI generations, as the pricing page lists it. */
export const aiStudioFeature = (max: number) => `AI content studio: ${max} generations a month`;

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
    features: ['Unlimited digital products', 'Public storefront', 'Short links with analytics', 'Invoices and payment links', aiStudioFeature(FREE_AI_GENERATIONS_PER_MONTH)],
    feeNote: '1% platform fee per sale, plus the payment processor’s fee',
    popular: false,
    platformFeeBps: 100,
    storageQuotaBytes: 1 * GB,
    audienceMailsPerMonth: 1_000,
    aiGenerationsPerMonth: FREE_AI_GENERATIONS_PER_MONTH,
    customSlug: false,
    apiAccess: false,
    teamUsers: 0,
  },
  {
    id: 'pro',
    name: 'Creator Pro',
    monthlyPrice: 39,
    description: 'For creators who sell every week.',
    features: ['Everything in Free', 'Custom storefront slug', aiStudioFeature(PRO_AI_GENERATIONS_PER_MONTH), 'Priority support'],
    feeNote: 'Payment processor’s fee only',
    popular: true,
    platformFeeBps: 0,
    storageQuotaBytes: 10 * GB,
    audienceMailsPerMonth: 25_000,
    aiGenerationsPerMonth: PRO_AI_GENERATIONS_PER_MONTH,
    customSlug: true,
    apiAccess: false,
    teamUsers: 0,
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
    aiGenerationsPerMonth: null,
    customSlug: true,
    apiAccess: true,
    teamUsers: 3,
  },
];

export const planById = (id: PlanId): Plan => PLANS.find((plan) => plan.id === id)!;

/** What a plan gives that another may not: the features a refusal names. */
export type PlanFeature = 'customSlug' | 'apiAccess';

export function planHas(plan: Plan, feature: PlanFeature): boolean {
  switch (feature) {
    case 'customSlug':
      return plan.customSlug;
    case 'apiAccess':
      return plan.apiAccess;
  }
}

/** The cheapest plan with `feature`: the one a Free account is told to upgrade to. */
export const cheapestPlanWith = (feature: PlanFeature): Plan => PLANS.find((plan) => planHas(plan, feature))!;

/**
 * The values of a plan_required refusal: `plan` the plan's English name (in the message), `planId`
 * for the web to name it in its language and link to it.
 */
export const planRequiredParams = (feature: PlanFeature) => {
  const plan = cheapestPlanWith(feature);
  return { plan: plan.name, planId: plan.id };
};

/**
 * An account's AI generations a month (null: unlimited): its plan's, whatever its role (a user or a
 * company without a plan is on Free); an admin, who runs the server, is not counted against one
 * (decision 025).
 */
export function aiAllowance(account: { role: string; plan: PlanId }): number | null {
  return account.role === 'admin' ? null : planById(account.plan).aiGenerationsPerMonth;
}

/** The plan a used-up allowance is told to upgrade to: the cheapest one above `plan` with more generations (null: none). */
export function aiUpgradePlan(plan: PlanId): PlanId | null {
  const allowance = planById(plan).aiGenerationsPerMonth;
  if (allowance === null) return null;
  const above = PLANS.slice(PLANS.findIndex((candidate) => candidate.id === plan) + 1);
  return above.find((candidate) => candidate.aiGenerationsPerMonth === null || candidate.aiGenerationsPerMonth > allowance)?.id ?? null;
}

/** The plans sold by subscription (Free is what is left without one). */
export const PAID_PLAN_IDS = ['pro', 'business'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const satisfies readonly BillingPeriod[];

/** A plan's price for a billing period in US cents (the pricing page's prices). */
export const planPriceCents = (id: PlanId, period: BillingPeriod): number => planPrice(planById(id), period) * 100;

/** The subscription interval a billing period renews by (src/shared/memberships.ts). */
export const periodInterval = (period: BillingPeriod): 'month' | 'year' => (period === 'yearly' ? 'year' : 'month');
export const intervalPeriod = (interval: 'month' | 'year'): BillingPeriod => (interval === 'year' ? 'yearly' : 'monthly');

/** Whether moving from one plan to another is an upgrade (takes effect now) rather than a downgrade (at the period's end). */
export const isUpgrade = (from: PlanId, to: PlanId) => PLANS.findIndex((plan) => plan.id === to) > PLANS.findIndex((plan) => plan.id === from);

/** A plan invoice: the first period, a renewal, or an upgrade's prorated difference; paid, or failed (a renewal the card declined). */
export const PLAN_INVOICE_KINDS = ['subscription', 'renewal', 'upgrade'] as const;
export const PLAN_INVOICE_STATUSES = ['paid', 'failed'] as const;

export const PLAN_MESSAGES = {
  aiLimitReached: (limit: number, resetsOn: string, plan: string) =>
    `You have used all ${limit} AI generations of your plan this month. They renew on ${resetsOn}; upgrade to ${plan} for more now.`,
  customSlugPlanRequired: (plan: string) => `Choosing your storefront address is part of the ${plan} plan. Upgrade your plan to change it.`,
  planInvalid: 'Pick Creator Pro or Business.',
  invoiceNotFound: 'Invoice not found.',
  periodInvalid: 'Pick monthly or yearly billing.',
  alreadySubscribed: 'You already pay for a plan. Change it instead of buying another.',
  noSubscription: 'You do not pay for a plan.',
  samePlan: 'You are already on this plan.',
  notChangeable: 'Only a plan that is paid up can be changed. Resume it or wait until it ends.',
  notCancelable: 'Your plan has already ended or is set to end.',
  notResumable: 'Only a plan set to end or to change can be resumed.',
  cardUpdateUnavailable: 'This plan is paid through Stripe: its card is changed on Stripe’s side, not here.',
  tooManyTries: (seconds: number) => `Too many tries. Please wait ${seconds} seconds and try again.`,
} as const;

const dollarFormats = new Map<string, Intl.NumberFormat>();

/**
 * Whole dollars in the interface language ("$39", "39 US$", "39 $US"), as the pricing section says them
 * in the app and on the home page the server writes. English, the bundled language, is written without
 * Intl: its first currency format loads locale data in one long main-thread task.
 */
export function formatDollars(amount: number, language: string): string {
  if (language === 'en') return `$${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  let format = dollarFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    dollarFormats.set(language, format);
  }
  return format.format(amount);
}

/** The site's words (site:*) for a key, with a count where the text has one. */
export type SiteTranslate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A plan's texts in the interface language (site:pricing.*), for the app's pricing section and the home
 * page the server writes. The plans' English texts live above; each known one is translated, and a text
 * added later shows in English until it is.
 */
export function planTexts(plan: Plan, t: SiteTranslate) {
  const features: Record<string, string> = {
    'Unlimited digital products': t('pricing.planFeatures.unlimitedProducts'),
    'Public storefront': t('pricing.planFeatures.storefront'),
    'Short links with analytics': t('pricing.planFeatures.shortLinks'),
    'Invoices and payment links': t('pricing.planFeatures.invoices'),
    'Everything in Free': t('pricing.planFeatures.everythingInFree'),
    'Custom storefront slug': t('pricing.planFeatures.customSlug'),
    [aiStudioFeature(FREE_AI_GENERATIONS_PER_MONTH)]: t('pricing.planFeatures.aiStudio', { max: FREE_AI_GENERATIONS_PER_MONTH }),
    [aiStudioFeature(PRO_AI_GENERATIONS_PER_MONTH)]: t('pricing.planFeatures.aiStudio', { max: PRO_AI_GENERATIONS_PER_MONTH }),
    'Priority support': t('pricing.planFeatures.prioritySupport'),
    'No platform fees': t('pricing.planFeatures.noPlatformFees'),
    '3 team users': t('pricing.planFeatures.teamUsers'),
    'API access': t('pricing.planFeatures.apiAccess'),
    'Unlimited AI builder': t('pricing.planFeatures.unlimitedAi'),
  };
  return {
    name: t(`pricing.plans.${plan.id}.name`),
    description: t(`pricing.plans.${plan.id}.description`),
    feeNote: t(`pricing.plans.${plan.id}.feeNote`),
    cta: t(`pricing.cta.${plan.id}`),
    features: plan.features.map((feature) => features[feature] ?? feature),
  };
}

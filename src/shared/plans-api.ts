/** The plans routes and the schemas of their bodies and answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { PLAN_IDS } from './admin.ts';
import { SUBSCRIPTION_STATUSES } from './memberships.ts';
import { cardSchema } from './orders-forms.ts';
import { BILLING_PERIODS, PAID_PLAN_IDS, PLAN_INVOICE_KINDS, PLAN_INVOICE_STATUSES, PLAN_MESSAGES } from './plans.ts';

/** A count against a monthly or standing limit; `limit` null: unlimited. */
const usedOfSchema = z.object({ used: z.number().int().min(0), limit: z.number().int().min(0).nullable() });

/** The account's plan subscription (decision 025): what it pays, when, and a change waiting for the period's end. */
export const planSubscriptionSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  period: z.enum(BILLING_PERIODS),
  /** The price of each period, in cents of `currency`. */
  priceCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.string(),
  /** Set to end: the account goes back to Free at the period's end. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade taking effect at the period's end. */
  scheduledPlan: z.enum(PAID_PLAN_IDS).nullable(),
  /** The next charge and its amount; null once it is set to end or has ended. */
  nextChargeAt: z.string().nullable(),
  nextChargeCents: z.number().int().nullable(),
  /** Past due: the plan falls back to Free then unless a payment goes through. */
  graceEndsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanSubscription = z.infer<typeof planSubscriptionSchema>;

/**
 * GET /api/my/plan: Settings' Plan & Billing card. The account's plan (what it includes is
 * PLANS in src/shared/plans.ts), its subscription when it pays for one (an admin may set a plan
 * without one), and its use of the plan this calendar month (UTC).
 */
export const myPlanSchema = z.object({
  plan: z.enum(PLAN_IDS),
  subscription: planSubscriptionSchema.nullable(),
  usage: z.object({
    /** AI generations this month (0 limit: not in the plan). */
    aiGenerations: usedOfSchema,
    /** Stored files and designs, in bytes. */
    storage: z.object({ usedBytes: z.number().int().min(0), quotaBytes: z.number().int().min(0) }),
    /** Audience e-mails sent this month. */
    audienceMails: usedOfSchema,
    /** Custom domains added. */
    domains: usedOfSchema,
  }),
});
export type MyPlan = z.infer<typeof myPlanSchema>;

/** POST /api/my/plan/subscription: buy a plan with the test provider's card (with Stripe, on Stripe's page). */
export const subscribePlanSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, PLAN_MESSAGES.planInvalid),
  period: z.enum(BILLING_PERIODS, PLAN_MESSAGES.periodInvalid),
  card: cardSchema.optional(),
});
/**
 * My plan after buying it or giving a new card (test provider), or with Stripe as it is, with the
 * Checkout page to do that on (`checkoutUrl`, decision 027).
 */
export const planCheckoutAnswerSchema = myPlanSchema.extend({ checkoutUrl: z.string().nullable() });
export type SubscribePlanInput = z.infer<typeof subscribePlanSchema>;

/**
 * POST /api/my/plan/card: a new test card for the renewals; a past-due plan's failed renewal is charged
 * to it at once. None with Stripe: its page takes the card.
 */
export const updatePlanCardSchema = z.object({ card: cardSchema.optional() });
export type UpdatePlanCardInput = z.infer<typeof updatePlanCardSchema>;

/** POST /api/my/plan/change: a bigger plan now, a smaller one (Free included) at the period's end. */
export const changePlanSchema = z.object({ plan: z.enum(PLAN_IDS, PLAN_MESSAGES.planInvalid) });
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

/** One charge of the account's plan: the first period, a renewal, or an upgrade's prorated difference. */
export const planInvoiceSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  plan: z.enum(PAID_PLAN_IDS),
  period: z.enum(BILLING_PERIODS),
  kind: z.enum(PLAN_INVOICE_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(PLAN_INVOICE_STATUSES),
});
export type PlanInvoice = z.infer<typeof planInvoiceSchema>;
export const planInvoicesSchema = z.object({ items: z.array(planInvoiceSchema) });

export const PLANS_API = {
  'GET /api/my/plan': myPlanSchema,
  'POST /api/my/plan/subscription': planCheckoutAnswerSchema,
  'POST /api/my/plan/confirm': myPlanSchema,
  'POST /api/my/plan/card': planCheckoutAnswerSchema,
  'POST /api/my/plan/change': myPlanSchema,
  'POST /api/my/plan/cancel': myPlanSchema,
  'POST /api/my/plan/resume': myPlanSchema,
  'GET /api/my/plan/invoices': planInvoicesSchema,
} as const satisfies ApiRoutes;

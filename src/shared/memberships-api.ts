/** The memberships routes and the schemas of their bodies and answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, noContentSchema, type ApiRoutes } from './api-contract.ts';
import { BILLING_INTERVALS, MEMBERSHIP_MESSAGES, SUBSCRIPTION_STATUSES, TRIAL_DAYS_MAX } from './memberships.ts';
import { cardSchema } from './orders-forms.ts';
import { PRICE_MAX_CENTS } from './products.ts';

const priceCents = z.number().int(MEMBERSHIP_MESSAGES.priceInvalid).min(1, MEMBERSHIP_MESSAGES.priceInvalid).max(PRICE_MAX_CENTS, MEMBERSHIP_MESSAGES.priceInvalid).nullable();

/** One tier's prices: the product itself (versionId null) or one of its versions. */
export const membershipTierSchema = z.object({
  versionId: z.string().nullable(),
  name: z.string().nullable(),
  monthlyCents: z.number().int().nullable(),
  yearlyCents: z.number().int().nullable(),
});
export type MembershipTier = z.infer<typeof membershipTierSchema>;

/** A product's membership: its tiers' prices and the free trial. */
export const membershipPlanSchema = z.object({
  productId: z.string(),
  currency: currencySchema,
  trialDays: z.number().int(),
  /** The signed-in viewer had this product's free trial already (one per buyer e-mail): joining charges at once. */
  trialUsed: z.boolean(),
  tiers: z.array(membershipTierSchema),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** The creator's prices: one line per tier (versionId null without versions); each with a monthly and/or yearly price. */
export const membershipPlanInputSchema = z.object({
  trialDays: z.number().int(MEMBERSHIP_MESSAGES.trialInvalid).min(0, MEMBERSHIP_MESSAGES.trialInvalid).max(TRIAL_DAYS_MAX, MEMBERSHIP_MESSAGES.trialInvalid),
  tiers: z
    .array(
      z
        .object({ versionId: z.uuid(MEMBERSHIP_MESSAGES.tierInvalid).nullable(), monthlyCents: priceCents, yearlyCents: priceCents })
        .refine((tier) => tier.monthlyCents !== null || tier.yearlyCents !== null, { message: MEMBERSHIP_MESSAGES.priceMissing, path: ['monthlyCents'] }),
    )
    .min(1, MEMBERSHIP_MESSAGES.priceMissing)
    .max(50),
});
export type MembershipPlanInput = z.infer<typeof membershipPlanInputSchema>;

export const joinMembershipSchema = z.object({
  productId: z.uuid(MEMBERSHIP_MESSAGES.notMembership),
  versionId: z.uuid(MEMBERSHIP_MESSAGES.tierInvalid).nullable().default(null),
  interval: z.enum(BILLING_INTERVALS),
  /** The test provider's card; with Stripe the card is typed on Stripe's page (decision 027). */
  card: cardSchema.optional(),
});
export type JoinMembershipInput = z.input<typeof joinMembershipSchema>;

export const changeTierSchema = z.object({ versionId: z.uuid(MEMBERSHIP_MESSAGES.tierInvalid) });

/** A membership as its member sees it. */
export const membershipSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  creatorName: z.string(),
  versionId: z.string().nullable(),
  tierName: z.string().nullable(),
  interval: z.enum(BILLING_INTERVALS),
  priceCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Access lasts at least until then (the trial's or the paid period's end). */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** The next charge, null once it is set to end or has ended. */
  nextChargeAt: z.string().nullable(),
  /** Past due: access ends then unless a payment goes through. */
  graceEndsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Taken off the next renewal (a move to a cheaper tier). */
  creditCents: z.number().int(),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipAnswerSchema = z.object({ membership: membershipSchema });
/** POST /api/memberships: the membership (test provider), or Stripe Checkout's page to go to (Stripe). */
export const joinMembershipAnswerSchema = z.union([
  z.object({ membership: membershipSchema, checkoutUrl: z.null() }),
  z.object({ membership: z.null(), checkoutUrl: z.string() }),
]);
export const membershipsSchema = z.object({ items: z.array(membershipSchema) });

/** POST /api/memberships/{id}/card: a new test card (a past-due membership's renewal is charged to it at once); none with Stripe. */
export const membershipCardSchema = z.object({ card: cardSchema.optional() });
export type MembershipCardInput = z.infer<typeof membershipCardSchema>;
/** The membership after the test card was taken, or with Stripe as it is, with the page to give the card on (`checkoutUrl`). */
export const membershipCardAnswerSchema = z.object({ membership: membershipSchema, checkoutUrl: z.string().nullable() });

/**
 * POST /api/memberships/confirm (body checkoutReturnSchema): the membership of the Stripe Checkout a
 * member came back from, recorded now; null while the checkout is unpaid (its webhooks may still make it).
 */
export const confirmMembershipAnswerSchema = z.object({ membership: membershipSchema.nullable() });

/** One member as the creator sees them. */
export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  productName: z.string(),
  tierName: z.string().nullable(),
  interval: z.enum(BILLING_INTERVALS),
  priceCents: z.number().int(),
  currency: currencySchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersSchema = z.object({
  counts: z.object({ active: z.number().int(), trialing: z.number().int(), pastDue: z.number().int(), canceled: z.number().int() }),
  /** Monthly recurring revenue of the paying members (active and past due), per currency. */
  mrr: z.array(z.object({ currency: currencySchema, cents: z.number().int() })),
  /** Members lost in the last 30 days over the members 30 days ago, in percent. */
  churnPercent: z.number(),
  items: z.array(memberSchema),
});
export type Members = z.infer<typeof membersSchema>;

/** The creator's membership products, for the members-only choice of a post. */
export const membershipProductsSchema = z.object({ items: z.array(z.object({ productId: z.string(), name: z.string() })) });

export const MEMBERSHIPS_API = {
  'GET /api/memberships/plans/:productId': membershipPlanSchema,
  'PUT /api/memberships/plans/:productId': membershipPlanSchema,
  'DELETE /api/memberships/plans/:productId': noContentSchema,
  'GET /api/memberships/products': membershipProductsSchema,
  'GET /api/memberships': membershipsSchema,
  'POST /api/memberships': joinMembershipAnswerSchema,
  'POST /api/memberships/confirm': confirmMembershipAnswerSchema,
  'POST /api/memberships/:id/cancel': membershipAnswerSchema,
  'POST /api/memberships/:id/resume': membershipAnswerSchema,
  'POST /api/memberships/:id/tier': membershipAnswerSchema,
  'POST /api/memberships/:id/card': membershipCardAnswerSchema,
  'GET /api/memberships/members': membersSchema,
} as const satisfies ApiRoutes;

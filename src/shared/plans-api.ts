/** The plans routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';
import { PLAN_IDS } from './admin.ts';

/** A count against a monthly or standing limit; `limit` null: unlimited. */
const usedOfSchema = z.object({ used: z.number().int().min(0), limit: z.number().int().min(0).nullable() });

/**
 * GET /api/my/plan: Settings' Plan & Billing card. The account's plan (what it includes is
 * PLANS in src/shared/plans.ts) and its use of the plan this calendar month (UTC).
 */
export const myPlanSchema = z.object({
  plan: z.enum(PLAN_IDS),
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

export const PLANS_API = {
  'GET /api/my/plan': myPlanSchema,
} as const satisfies ApiRoutes;

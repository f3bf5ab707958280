/** The ai routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { GENERATION_STATUSES } from './ai.ts';
import { PLAN_IDS } from './admin.ts';

/** Whether the server can call a provider, and which settings are missing. */
export const aiStatusSchema = z.object({ configured: z.boolean(), missingSettings: z.array(z.string()) });
export type AiStatus = z.infer<typeof aiStatusSchema>;

/**
 * GET /api/ai/usage: the account's plan, its AI generations a month (null: unlimited; aiAllowance in
 * #shared/plans.ts), those counted this calendar month (UTC), the day the allowance renews
 * (YYYY-MM-DD, the first of next month) and the plan with more generations to upgrade to (null: none).
 */
export const aiUsageSchema = z.object({
  plan: z.enum(PLAN_IDS),
  limit: z.number().int().min(0).nullable(),
  used: z.number().int().min(0),
  resetsOn: z.string(),
  upgradePlan: z.enum(PLAN_IDS).nullable(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

/** A saved generation (completed, or stopped by the user with the text written so far). */
export const generationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  prompt: z.string(),
  response: z.string(),
  status: z.enum(GENERATION_STATUSES),
  createdAt: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;
export const generationsSchema = z.object({ items: z.array(generationSchema) });

/** DELETE /api/ai/generations/:id answers 204 with no body. */
export const generationDeletedSchema = noContentSchema;

export const AI_API = {
  'GET /api/ai/status': aiStatusSchema,
  'GET /api/ai/usage': aiUsageSchema,
  'GET /api/ai/generations': generationsSchema,
  'DELETE /api/ai/generations/:id': generationDeletedSchema,
} as const satisfies ApiRoutes;

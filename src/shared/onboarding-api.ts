/** The onboarding checklist's routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';
import { ONBOARDING_STEPS } from './onboarding.ts';

export const onboardingSchema = z.object({
  steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  /** Every step done, or the creator put the checklist away: the overview no longer shows it. */
  hidden: z.boolean(),
  /** The creator's store, to share (and what "View site" opens). */
  storeUrl: z.string(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const ONBOARDING_API = {
  'GET /api/my/onboarding': onboardingSchema,
  'POST /api/my/onboarding/shared': onboardingSchema,
  'POST /api/my/onboarding/dismiss': onboardingSchema,
} as const satisfies ApiRoutes;

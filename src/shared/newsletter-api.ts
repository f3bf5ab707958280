/** The newsletter routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';

/** The spec's success texts (NEWSLETTER_MESSAGES.successTitle and .success). */
export const newsletterSubscriptionSchema = z.object({ title: z.string(), message: z.string() });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const NEWSLETTER_API = {
  'POST /api/newsletter': newsletterSubscriptionSchema,
} as const satisfies ApiRoutes;

import { z } from 'zod';
import { newsletterEmailProblem, normalizeNewsletterEmail } from './newsletter.ts';

// Kept apart from newsletter.ts, so the home page's sign-up form does not bring zod.

/** The address of POST /api/newsletter: newsletterEmailProblem's rule, then stored normalized. */
export const newsletterEmailSchema = z
  .string()
  .superRefine((email, ctx) => {
    const problem = newsletterEmailProblem(email);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeNewsletterEmail);

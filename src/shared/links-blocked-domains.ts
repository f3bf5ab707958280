import { z } from 'zod';
import { normalizeDomain } from './links.ts';

// Kept apart from links.ts, which the first page loads: zod comes only with the admin form.

export const BLOCKED_DOMAIN_MESSAGES = {
  required: 'Please enter a domain.',
  invalid: 'Please enter a domain such as example.com.',
  notBlocked: 'That domain is not blocked.',
} as const;

/** A domain to block for ZerriLink; an address is reduced to its domain ("https://www.spam.example/x" → "spam.example"). */
export const blockDomainSchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, BLOCKED_DOMAIN_MESSAGES.required)
    .max(300, BLOCKED_DOMAIN_MESSAGES.invalid)
    .transform((value, ctx) => {
      const domain = normalizeDomain(value);
      if (!domain) ctx.addIssue({ code: 'custom', message: BLOCKED_DOMAIN_MESSAGES.invalid });
      return domain ?? z.NEVER;
    }),
});
export type BlockDomainInput = z.input<typeof blockDomainSchema>;
export type BlockDomain = z.output<typeof blockDomainSchema>;

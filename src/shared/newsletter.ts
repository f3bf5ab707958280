// No zod here: the sign-up form on the home page's first view checks with newsletterEmailProblem;
// the server's schema (newsletter-form.ts) wraps the same check.

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  duplicateTitle: 'Already Subscribed',
  duplicate: 'This email is already on our newsletter list.',
  successTitle: 'Subscribed!',
  success: 'Thanks for joining our newsletter!',
  submitting: 'Subscribing...',
  rateLimited: (seconds: number) => `Too many sign-ups from your network. Please wait ${seconds} seconds.`,
} as const;

export const NEWSLETTER_EMAIL_MAX = 254;

// The pattern of zod's z.email(), which the schema used before this check (newsletter.test.ts compares them).
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Checks an address as typed (surrounding spaces ignored); `undefined` means it may sign up. */
export function newsletterEmailProblem(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return NEWSLETTER_MESSAGES.emailRequired;
  if (email.length > NEWSLETTER_EMAIL_MAX || !EMAIL_PATTERN.test(email)) return NEWSLETTER_MESSAGES.emailInvalid;
  return undefined;
}

/** The address as stored: trimmed, lower case. */
export const normalizeNewsletterEmail = (raw: string) => raw.trim().toLowerCase();

import { z } from 'zod';

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

export const newsletterEmailSchema = z
  .string()
  .trim()
  .min(1, NEWSLETTER_MESSAGES.emailRequired)
  .max(254, NEWSLETTER_MESSAGES.emailInvalid)
  .pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

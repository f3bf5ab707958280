import { NEWSLETTER_MESSAGES } from '#shared/newsletter.ts';
import { newsletterEmailSchema } from '#shared/newsletter-form.ts';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { subscribe } from './queries.ts';

/** Adds the address to the newsletter, once; answers the spec's success texts. */
export async function subscribeToNewsletter(db: Db, rawEmail: string) {
  const parsed = newsletterEmailSchema.safeParse(rawEmail);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new BadRequestError(message, message === NEWSLETTER_MESSAGES.emailRequired ? 'email_required' : 'invalid_email');
  }
  if (!(await subscribe(db, parsed.data))) {
    throw new AppError(409, 'already_subscribed', NEWSLETTER_MESSAGES.duplicate, { title: NEWSLETTER_MESSAGES.duplicateTitle });
  }
  return { title: NEWSLETTER_MESSAGES.successTitle, message: NEWSLETTER_MESSAGES.success };
}

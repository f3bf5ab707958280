import { NEWSLETTER_MESSAGES, newsletterEmailSchema } from '#shared/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { subscribe } from './queries.ts';

/** Adds the address to the newsletter, once; answers the spec's success texts. */
export async function subscribeToNewsletter(db: Db, rawEmail: string) {
  const parsed = newsletterEmailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]!.message, 'invalid_email');
  if (!(await subscribe(db, parsed.data))) {
    throw new AppError(409, 'already_subscribed', NEWSLETTER_MESSAGES.duplicate, NEWSLETTER_MESSAGES.duplicateTitle);
  }
  return { title: NEWSLETTER_MESSAGES.successTitle, message: NEWSLETTER_MESSAGES.success };
}

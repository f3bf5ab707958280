import { useMutation } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';

export type { NewsletterSubscription } from '#shared/newsletter-api.ts';

/** POST /api/newsletter: 201 on success, 409 already_subscribed, 400 bad e-mail, 429 rate-limited. */
export const subscribeToNewsletter = (email: string) => call('POST /api/newsletter', { body: { email } });

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

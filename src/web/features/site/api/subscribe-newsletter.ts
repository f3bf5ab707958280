import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface NewsletterSubscription {
  title: string;
  message: string;
}

/** POST /api/newsletter: 201 on success, 409 already_subscribed, 400 bad e-mail, 429 rate-limited. */
export const subscribeToNewsletter = (email: string): Promise<NewsletterSubscription> =>
  api<NewsletterSubscription>('/api/newsletter', { method: 'POST', body: { email } });

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

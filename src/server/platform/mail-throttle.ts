import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import type { RateLimitStore } from './rate-limiter.ts';

/** Who makes a mail go out: a signed-in account, or a visitor known only by their network address. */
export type MailSender = { userId: string } | { ip: string };

export const mailSender = (request: FastifyRequest, user: { id: string } | null | undefined): MailSender =>
  user ? { userId: user.id } : { ip: request.ip };

export interface MailThrottle {
  /**
   * Counts one mail from `sender` to `to`, or throws a 429 when either has had its share this hour.
   * Call it before the work that sends the mail, so a refused request changes nothing.
   */
  take(to: string, sender: MailSender): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

const waitText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

export const MAIL_THROTTLE_MESSAGES = {
  recipient: (wait: string) => `Too many e-mails were sent to this address. Please wait ${wait} and try again.`,
  sender: (wait: string) => `Too many e-mails were sent from your account or network. Please wait ${wait} and try again.`,
};

/**
 * Every mail a request can trigger (receipts, invoices, confirmations, resets, messages) is
 * throttled per recipient and per sender, so nobody can use Zerri to flood an inbox or to spam many.
 */
export function createMailThrottle(
  store: RateLimitStore,
  limits: { perRecipient: number; perVisitor: number; perUser: number },
): MailThrottle {
  return {
    async take(to, sender) {
      const senderKey = 'userId' in sender ? `mail-from:user:${sender.userId}` : `mail-from:ip:${sender.ip}`;
      const senderMax = 'userId' in sender ? limits.perUser : limits.perVisitor;
      const fromSender = await store.increment(senderKey, HOUR_MS);
      if (fromSender.count > senderMax) {
        throw new AppError(429, 'mail_rate_limited', MAIL_THROTTLE_MESSAGES.sender(waitText(fromSender.resetInMs)));
      }
      const toRecipient = await store.increment(`mail-to:${to.trim().toLowerCase()}`, HOUR_MS);
      if (toRecipient.count > limits.perRecipient) {
        throw new AppError(429, 'mail_rate_limited', MAIL_THROTTLE_MESSAGES.recipient(waitText(toRecipient.resetInMs)));
      }
    },
  };
}

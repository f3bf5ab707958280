import type { FastifyRequest } from 'fastify';
import { MAIL_THROTTLE_MESSAGES } from '#shared/edge.ts';
import { AppError } from './errors.ts';
import type { CounterStore } from './counters.ts';

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

/** Whole minutes until a window ends, at least one. */
const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Every mail a request can trigger (receipts, invoices, confirmations, resets, messages) is
 * throttled per recipient and per sender, so nobody can use Zerri to flood an inbox or to spam many.
 */
export function createMailThrottle(
  store: CounterStore,
  limits: { perRecipient: number; perVisitor: number; perUser: number },
): MailThrottle {
  return {
    async take(to, sender) {
      const senderKey = 'userId' in sender ? `mail-from:user:${sender.userId}` : `mail-from:ip:${sender.ip}`;
      const senderMax = 'userId' in sender ? limits.perUser : limits.perVisitor;
      const fromSender = await store.increment(senderKey, HOUR_MS);
      if (fromSender.count > senderMax) {
        const minutes = minutesLeft(fromSender.resetInMs);
        throw new AppError(429, 'mail_sender_rate_limited', MAIL_THROTTLE_MESSAGES.sender(minutes), { params: { minutes } });
      }
      const toRecipient = await store.increment(`mail-to:${to.trim().toLowerCase()}`, HOUR_MS);
      if (toRecipient.count > limits.perRecipient) {
        const minutes = minutesLeft(toRecipient.resetInMs);
        throw new AppError(429, 'mail_rate_limited', MAIL_THROTTLE_MESSAGES.recipient(minutes), { params: { minutes } });
      }
    },
  };
}

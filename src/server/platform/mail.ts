import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client.ts';
import { devMailbox } from '../db/schema/site.ts';
import { enqueueTask, PermanentTaskError, type TaskRunner } from './tasks.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (a visitor who wrote to a creator); the outbox keeps it in the text. */
  replyTo?: string;
  /** Extra headers (an audience post's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Told to the handler registered under `hook` (Mailer.onDelivered) once the SMTP server accepted the mail. */
  delivered?: { hook: string; id: number };
}

export interface Mailer {
  /**
   * Queues the mail; the mail task sends it, retrying while the SMTP server is away or answers 4xx.
   * With `executor` (a transaction) the mail exists exactly when that transaction commits.
   */
  send(mail: Mail, executor?: Executor): Promise<void>;
  /** True when mail stays in the development outbox instead of going out over SMTP. */
  readonly usesOutbox: boolean;
  /** What to record when a mail sent with `delivered: { hook }` was accepted (an audience post's delivered count). */
  onDelivered(hook: string, handle: (id: number) => Promise<void>): void;
}

export const MAIL_TASK = 'mail.send';

/** Attempts before a mail is given up: with the backoff, about three hours of retries. */
const MAIL_ATTEMPTS = 14;

/** Delivers one mail now: over SMTP, or into the development outbox (/dev/mailbox) without SMTP_URL. */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
  readonly usesOutbox: boolean;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): MailTransport {
  if (options.smtpUrl) {
    // Pooled: the queue sends many mails at once over a few kept-open connections.
    const url = new URL(options.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      usesOutbox: false,
      async deliver(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    usesOutbox: true,
    async deliver({ replyTo, headers: _headers, ...mail }) {
      await options.db.insert(devMailbox).values(replyTo ? { ...mail, text: `Reply-To: ${replyTo}\n\n${mail.text}` } : mail);
      options.log.info({ to: mail.to, subject: mail.subject }, `mail (dev outbox, see /dev/mailbox):\n${mail.text}`);
    },
    close() {},
  };
}

/** An SMTP answer that retrying cannot change: 5xx (mailbox unknown, message refused). */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The mailer the app uses: every mail is a task, delivered by `transport` (see MAIL_TASK). */
export function createMailer(db: Db, transport: MailTransport, runner: TaskRunner): Mailer {
  const deliveredHooks = new Map<string, (id: number) => Promise<void>>();
  runner.define<Mail>(MAIL_TASK, {
    describe: (mail) => `Mail to ${mail.to}: ${mail.subject}`,
    async handle({ delivered, ...mail }) {
      try {
        await transport.deliver(mail);
      } catch (error) {
        if (isPermanent(error)) throw new PermanentTaskError((error as Error).message);
        throw error;
      }
      // Only a count: failing to record it must not send the mail again.
      if (delivered) await deliveredHooks.get(delivered.hook)?.(delivered.id).catch(() => {});
    },
  });
  return {
    usesOutbox: transport.usesOutbox,
    onDelivered: (hook, handle) => void deliveredHooks.set(hook, handle),
    send: (mail, executor = db) => enqueueTask(executor, MAIL_TASK, mail, { maxAttempts: MAIL_ATTEMPTS }),
  };
}

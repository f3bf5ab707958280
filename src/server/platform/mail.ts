import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devMailbox } from '../db/schema/site.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (a visitor who wrote to a creator); the outbox keeps it in the text. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** True when mail stays in the development outbox instead of going out over SMTP. */
  readonly usesOutbox: boolean;
}

export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      usesOutbox: false,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    usesOutbox: true,
    async send({ replyTo, ...mail }) {
      await options.db.insert(devMailbox).values(replyTo ? { ...mail, text: `Reply-To: ${replyTo}\n\n${mail.text}` } : mail);
      options.log.info({ to: mail.to, subject: mail.subject }, `mail (dev outbox, see /dev/mailbox):\n${mail.text}`);
    },
  };
}

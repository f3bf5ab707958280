/** Contact Creator on a product page: a message to the creator by e-mail, answered by replying. */
import { z } from 'zod';

export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Please write a message.',
  messageTooLong: `Please keep your message under ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  ownProduct: 'This is your own product.',
  sentTitle: 'Message Sent',
  sent: (creator: string) => `${creator} will answer you by e-mail.`,
  rateLimited: (seconds: number) => `Too many messages from your network. Please wait ${seconds} seconds.`,
} as const;

/** A text field, trimmed; a missing or non-text value counts as empty, so it gets the field's own message. */
const text = () => z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string().trim());

export const contactCreatorSchema = z.object({
  name: text().pipe(z.string().min(1, CONTACT_MESSAGES.nameRequired).max(100, CONTACT_MESSAGES.nameRequired)),
  email: text().pipe(z.email(CONTACT_MESSAGES.emailInvalid).max(254, CONTACT_MESSAGES.emailInvalid)),
  message: text().pipe(z.string().min(1, CONTACT_MESSAGES.messageRequired).max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong)),
});

export type ContactCreatorInput = z.infer<typeof contactCreatorSchema>;

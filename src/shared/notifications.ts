import { z } from 'zod';
import { currencySchema } from './api-contract.ts';

/** What a notification tells its user (issue #22): one kind per event of the inbox. */
export const NOTIFICATION_KINDS = [
  'sale',
  'refund',
  'review',
  'comment',
  'like',
  'follow',
  'application',
  'application_viewed',
  'payout_paid',
  'payout_failed',
  'invoice_paid',
  'mention',
  'commission',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The values a notification's text is made of; `link` is the app path it opens. */
export const notificationDataSchema = z.object({
  productName: z.string().optional(),
  amountCents: z.number().int().optional(),
  currency: currencySchema.optional(),
  actorName: z.string().optional(),
  title: z.string().optional(),
  link: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** Notifications older than this are deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The inbox lists the newest ones only. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
} as const;

import type { TFunction } from 'i18next';
import type { Notification } from '#shared/notifications-api.ts';
import { formatMoney, formatRelativeTime } from '#web/lib/format.ts';
import { i18n } from '#web/lib/i18n.ts';

/** A notification's line in the interface language ("New sale: Icons for $12.50"). */
export function notificationText(notification: Pick<Notification, 'kind' | 'data'>, t: TFunction = i18n.t): string {
  const { data } = notification;
  return t(`notifications:kinds.${notification.kind}`, {
    product: data.productName ?? '',
    amount: data.amountCents !== undefined && data.currency ? formatMoney(data.amountCents, data.currency) : '',
    actor: data.actorName ?? '',
    title: data.title ?? '',
  });
}

/** "5 minutes ago", "yesterday"… in the interface language; under 45 seconds "now". */
export const notificationTime = (iso: string, now = Date.now()) => formatRelativeTime(iso, { now });

import type { TFunction } from 'i18next';
import type { Notification } from '#shared/notifications-api.ts';
import { formatMoney } from '#web/lib/format.ts';
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

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday"… in the interface language; under 45 seconds "now". */
export function notificationTime(iso: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  if (Math.abs(value) < 45) return relative.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

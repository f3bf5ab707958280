import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { i18n } from '#web/lib/i18n.ts';

/** "2 minutes ago", "yesterday"… in the interface language; under 45 seconds is "just now". */
export const relativeTime = (iso: string, now = Date.now()) => formatRelativeTime(iso, { now, justNow: i18n.t('community:time.justNow') });

/** The exact moment, for the title of a relative time. */
export const absoluteTime = formatDateTime;

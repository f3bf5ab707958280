import { i18n } from '#web/lib/i18n.ts';

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
export const formatCount = (value: number) => value.toLocaleString(i18n.language);

/** File sizes with the number and the unit in the interface language ("1.5 MB", "1,5 Mo"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('jobs:units.bytes', { value: bytes.toLocaleString(i18n.language) });
  const decimal = (value: number) => value.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return i18n.t('jobs:units.kilobytes', { value: decimal(bytes / 1024) });
  return i18n.t('jobs:units.megabytes', { value: decimal(bytes / (1024 * 1024)) });
}

import { i18n } from './i18n.ts';

/** 1536 → "1.5 KB", 1073741824 → "1 GB": sizes with the number and the unit in the interface language ("1,5 Go"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('common:units.bytes', { value: bytes.toLocaleString(i18n.language) });
  const units = ['kilobytes', 'megabytes', 'gigabytes', 'terabytes'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = value.toLocaleString(i18n.language, { maximumFractionDigits: value < 10 ? 1 : 0 });
  return i18n.t(`common:units.${units[unit]!}`, { value: number });
}

import { i18n } from '#web/lib/i18n.ts';

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
export const formatCount = (value: number) => value.toLocaleString(i18n.language);

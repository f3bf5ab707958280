import { i18n } from '#web/lib/i18n.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { JOB_MESSAGES } from '#shared/jobs.ts';

/**
 * 'Missing Fields: Please fill all required fields.' → a toast title and description, after putting
 * the message in the interface language ("Champs manquants : veuillez…" splits the same way).
 */
export function splitMessage(message: string): { title: string; description?: string } {
  const localized = localizeMessage(message, 'jobs', JOB_MESSAGES);
  const match = /^([^:]{1,40}):\s+(.+)$/s.exec(localized);
  if (!match) return { title: localized };
  const description = match[2]!;
  return { title: match[1]!.trim(), description: description.charAt(0).toLocaleUpperCase(i18n.language) + description.slice(1) };
}

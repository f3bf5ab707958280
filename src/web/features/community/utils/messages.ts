import { i18n } from '#web/lib/i18n.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { COMMUNITY_MESSAGE_PARAMS, COMMUNITY_MESSAGES } from '#shared/community.ts';

/**
 * 'Empty Post: Please add content, an image, or a video.' → a toast title and description, after putting
 * the message in the interface language ("Publication vide : veuillez…" splits the same way).
 */
export function splitMessage(message: string): { title: string; description?: string } {
  const localized = localizeMessage(message, 'community', COMMUNITY_MESSAGES, COMMUNITY_MESSAGE_PARAMS);
  const match = /^([^:]{1,40}):\s+(.+)$/s.exec(localized);
  if (!match) return { title: localized };
  const description = match[2]!;
  return { title: match[1]!.trim(), description: description.charAt(0).toLocaleUpperCase(i18n.language) + description.slice(1) };
}

// The API answers in English (SPEC §9). A feature lists the messages it may receive, word for word,
// in the `server` section of its English namespace file ({{name}} stands for any text), with their
// translations beside them; the interface then shows the one for the current language.
import { ApiError, apiErrorText, hasTranslatedCode } from './api.ts';
import { i18n } from './i18n.ts';
import { matchServerMessage, serverPatterns, type ServerStrings } from './server-message-match.ts';

const patternsByNamespace = new Map<string, ReturnType<typeof serverPatterns>>();

function patternsOf(namespace: string) {
  let patterns = patternsByNamespace.get(namespace);
  if (!patterns) {
    const server = (i18n.getResourceBundle('en', namespace) as { server?: ServerStrings } | undefined)?.server;
    patterns = serverPatterns(typeof server === 'object' && server ? server : {});
    patternsByNamespace.set(namespace, patterns);
  }
  return patterns;
}

/** An English message from the server (or a shared check) in the interface language; unknown ones stay as sent. */
export function localizeMessage(message: string, namespace: string): string {
  const found = matchServerMessage(patternsOf(namespace), message);
  return found ? i18n.t(`server.${found.key}`, { ns: namespace, ...found.values }) : message;
}

/**
 * The message to show for a thrown value, localized; `fallback` (already translated) when it has none.
 * A message the namespace does not list is translated by its error code where the app knows it
 * (a full storage quota can answer any upload).
 */
export function localizeError(error: unknown, namespace: string, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  if (error instanceof ApiError && hasTranslatedCode(error) && !matchServerMessage(patternsOf(namespace), error.message)) return apiErrorText(error);
  return localizeMessage(error.message, namespace);
}

// The API answers in English (SPEC §9) with a code and the values in its message. A feature translates
// the codes it may receive in the `errors` section of its namespace ({{name}} takes a value of the
// error's params). Messages of the shared checks that run in the browser (a form's rules) are listed
// word for word in the namespace's `server` section, with their translations beside them.
import { ApiError, apiErrorText } from './api.ts';
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

/** An English message of a shared check in the interface language; unknown ones stay as they are. */
export function localizeMessage(message: string, namespace: string): string {
  const found = matchServerMessage(patternsOf(namespace), message);
  return found ? i18n.t(`server.${found.key}`, { ns: namespace, ...found.values }) : message;
}

/**
 * The message to show for a thrown value in the interface language; `fallback` (already translated,
 * by default the app's "unexpected error") when it has none. A server error by its code: the feature's `errors.<code>`, else the app's
 * (errors every screen may meet), else the server's English words.
 */
export function localizeError(error: unknown, namespace: string, fallback = i18n.t('errors.unexpected')): string {
  if (error instanceof ApiError) {
    if (i18n.resolvedLanguage === 'en' || !i18n.resolvedLanguage) return error.message || fallback;
    const key = `${namespace}:errors.${error.code}`;
    return i18n.exists(key) ? i18n.t(key, error.params) : apiErrorText(error);
  }
  if (!(error instanceof Error) || !error.message) return fallback;
  return localizeMessage(error.message, namespace);
}

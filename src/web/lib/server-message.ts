// Messages are translated by their code (decision 016). The API answers in English (SPEC §9) with a code
// and the values in its message; the shared checks that run in the browser (a form's rules) give a
// message of a shared *_MESSAGES table, whose key is its code. Either is looked up in the `errors`
// section of the feature's namespace ({{name}} takes a value of the params), then in common's (errors
// any screen may meet), else the English words are shown.
import { codedMessage, type CodedMessage, type MessageParams, type MessageTable } from '#shared/messages.ts';
import { ApiError, apiErrorText } from './api.ts';
import { i18n } from './i18n.ts';

/** The tables a screen's checks take their messages from (see codedMessage). */
export type MessageTables = MessageTable | readonly MessageTable[];
/** Fixed values of those tables' plain messages, by code: `{ nameTooLong: { max: 80 } }`. */
export type FixedParams = { readonly [code: string]: MessageParams };

/** An error raised in the browser with a message of a shared table: its key as code, and the values in it. */
export class MessageError extends Error {
  readonly code: string;
  readonly params: MessageParams | undefined;

  constructor({ code, message, params }: CodedMessage) {
    super(message);
    this.name = 'MessageError';
    this.code = code;
    this.params = params;
  }
}

/** A coded message in the interface language: the namespace's `errors.<code>`, else common's, else its English. */
export function localizeCoded({ code, message, params }: CodedMessage, namespace: string): string {
  if (i18n.resolvedLanguage === 'en' || !i18n.resolvedLanguage) return message;
  for (const key of [`${namespace}:errors.${code}`, `common:errors.${code}`]) if (i18n.exists(key)) return i18n.t(key, params);
  return message;
}

/**
 * The message of a shared check in the interface language, by its code: its key in `tables`, the
 * tables the check takes its messages from. A text that is none of their entries stays as it is.
 */
export function localizeMessage(message: string, namespace: string, tables: MessageTables, fixedParams?: FixedParams): string {
  const coded = codedMessage(message, tables, fixedParams);
  return coded ? localizeCoded(coded, namespace) : message;
}

/**
 * The message to show for a thrown value in the interface language; `fallback` (already translated,
 * by default the app's "unexpected error") when it has none. A server error or a MessageError by its
 * code: the feature's `errors.<code>`, else the app's (errors every screen may meet), else the English words.
 */
export function localizeError(error: unknown, namespace: string, fallback = i18n.t('errors.unexpected')): string {
  if (error instanceof ApiError) {
    if (i18n.resolvedLanguage === 'en' || !i18n.resolvedLanguage) return error.message || fallback;
    const key = `${namespace}:errors.${error.code}`;
    return i18n.exists(key) ? i18n.t(key, error.params) : apiErrorText(error);
  }
  if (error instanceof MessageError) return localizeCoded(error, namespace);
  if (!(error instanceof Error) || !error.message) return fallback;
  return error.message;
}

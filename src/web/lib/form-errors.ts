import { localizeMessage, type FixedParams, type MessageTables } from './server-message.ts';

/** Field errors of a zod result, by dotted path ("socialLinks.website"), first message per path. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A react-hook-form field error in the interface language, by its code: the shared schema's message
 * is an entry of `tables` (see localizeMessage); another message (already translated) stays.
 */
export const fieldMessage = (message: string | undefined, namespace: string, tables: MessageTables, fixedParams?: FixedParams): string | undefined =>
  message === undefined ? undefined : localizeMessage(message, namespace, tables, fixedParams);

type NestedErrors = { message?: unknown } | readonly unknown[] | { [key: string]: unknown };

/**
 * react-hook-form's nested errors by dotted path ("socialLinks.website", "portfolio"), each message
 * through `translate`; an array's own error (react-hook-form puts it under `root`) is the array's.
 */
export function errorsByPath(errors: NestedErrors, translate: (message: string) => string, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' && prefix ? prefix.slice(0, -1) : `${prefix}${key}`;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) found[path] ??= translate(message);
    Object.assign(found, errorsByPath(value as NestedErrors, translate, `${path}.`));
  }
  return found;
}

import { localizeError, localizeMessage } from '#web/lib/server-message.ts';

/**
 * A message of the shared auth checks (#shared/auth.ts, the form schemas) or of the auth server, in
 * the interface language: they are listed word for word in the `server` section of locales/en/auth.json.
 */
export const authMessage = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : localizeMessage(message, 'auth');

/** The text to show for a failed auth request; known server codes are translated by errorMessage. */
export const authErrorMessage = (error: unknown): string => localizeError(error, 'auth');

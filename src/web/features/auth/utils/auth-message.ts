import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { AUTH_MESSAGE_PARAMS, AUTH_MESSAGES } from '#shared/auth.ts';

/**
 * A message of the shared auth checks (#shared/auth.ts, the form schemas) or of the auth server, in
 * the interface language, by its code (its key in AUTH_MESSAGES).
 */
export const authMessage = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : localizeMessage(message, 'auth', AUTH_MESSAGES, AUTH_MESSAGE_PARAMS);

/** The text to show for a failed auth request; by its code. */
export const authErrorMessage = (error: unknown): string => localizeError(error, 'auth');

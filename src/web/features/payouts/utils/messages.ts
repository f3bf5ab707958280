import { localizeError } from '#web/lib/server-message.ts';

/** A thrown error's message in the interface language (the API's billing messages included). */
export const billingError = (error: unknown) => localizeError(error, 'payouts');

// Stripe's official SDK, made once per deployment; every call goes through atStripe.
import Stripe from 'stripe';
import { PaymentProviderError } from './errors.ts';

/** Stripe's SDK against `apiBase` (https://api.stripe.com, or a test's local Stripe). */
export function stripeClient(options: { secretKey: string; apiBase: string }): Stripe {
  const base = new URL(options.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: 15_000,
    appInfo: { name: 'Zerri' },
  });
}

/**
 * A call to Stripe, its answer; PaymentProviderError when Stripe could not be reached or refused
 * (`declined` for a card's 402, `status` Stripe's HTTP status), named by `action` for the log.
 */
export async function atStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error.statusCode === undefined) throw new PaymentProviderError(`Stripe could not be reached: ${error.message}`);
    throw new PaymentProviderError(`Stripe refused the ${action} (${error.statusCode}): ${error.message}`, { declined: error.statusCode === 402, status: error.statusCode });
  }
}

/** The id of an expandable field (a string, or the object when expanded). */
export const idOf = (ref: string | { id?: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

// How a payment provider's refusal reaches the person who asked: every provider call goes through
// PaymentProviderError, and the routes answer one of these.
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { PAYMENT_MESSAGES } from '#shared/orders-payment-mode.ts';
import { AppError } from '../../platform/errors.ts';

export class PaymentProviderError extends Error {
  /** Stripe answered 402: the card was declined (a subscription change paid at once). */
  readonly declined: boolean;
  /** Stripe's HTTP status when it answered (404: no such object); undefined when it could not be reached. */
  readonly status: number | undefined;
  constructor(message: string, options: { declined?: boolean; status?: number } = {}) {
    super(message);
    this.declined = options.declined ?? false;
    this.status = options.status;
  }
}

/** No payment provider in this deployment (production without Stripe and without ALLOW_TEST_PAYMENTS). */
export class PaymentsNotSetUpError extends AppError {
  constructor() {
    super(503, 'payments_unavailable', PAYMENT_MESSAGES.unavailable);
  }
}

export class PaymentUnavailableError extends AppError {
  constructor() {
    super(502, 'payment_provider_unavailable', PAYMENT_MESSAGES.providerUnavailable);
  }
}

export class RefundUnavailableError extends AppError {
  constructor() {
    super(502, 'refund_provider_unavailable', PAYMENT_MESSAGES.refundUnavailable);
  }
}

/** A test card (or the provider) refused the charge: a checkout's, a membership's or a plan's. */
export class CardDeclinedError extends AppError {
  constructor(message: string = ORDER_MESSAGES.cardDeclined) {
    super(402, 'card_declined', message);
  }
}

/** A provider call for a member's or account's action, its answer; its refusal answers 502 (a declined card 402). */
export async function atProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error.declined ? new CardDeclinedError() : new PaymentUnavailableError();
    throw error;
  }
}

/**
 * How the deployment takes payments: Stripe when it is configured, else the built-in test card
 * provider (outside production, or in production with ALLOW_TEST_PAYMENTS=true), else none, and
 * then checkout and invoice payments are refused (docs/decisions/009-test-payments.md).
 */
export type PaymentMode = 'stripe' | 'test' | 'none';

export const PAYMENT_MESSAGES = {
  unavailable: 'Payments are not set up on this site yet, so nothing can be paid right now. Please try again later.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  refundUnavailable: 'The refund could not be made with the payment provider. Please try again in a moment.',
} as const;

export function paymentMode(settings: { stripeConfigured: boolean; isProduction: boolean; allowTestPayments: boolean }): PaymentMode {
  if (settings.stripeConfigured) return 'stripe';
  if (!settings.isProduction || settings.allowTestPayments) return 'test';
  return 'none';
}

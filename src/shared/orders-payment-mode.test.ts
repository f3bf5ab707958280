import { describe, expect, it } from 'vitest';
import { paymentMode } from './orders-payment-mode.ts';

describe('payment mode', () => {
  it('is Stripe whenever it is configured', () => {
    for (const isProduction of [true, false]) {
      for (const allowTestPayments of [true, false]) expect(paymentMode({ stripeConfigured: true, isProduction, allowTestPayments })).toBe('stripe');
    }
  });

  it('is the test provider outside production, in production only when allowed, else none', () => {
    expect(paymentMode({ stripeConfigured: false, isProduction: false, allowTestPayments: false })).toBe('test');
    expect(paymentMode({ stripeConfigured: false, isProduction: true, allowTestPayments: true })).toBe('test');
    expect(paymentMode({ stripeConfigured: false, isProduction: true, allowTestPayments: false })).toBe('none');
  });
});

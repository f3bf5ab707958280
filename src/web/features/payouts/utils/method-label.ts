import type { TFunction } from 'i18next';
import { bankAccountLast4, type PayoutMethod } from '#shared/payouts.ts';

/** "PayPal (jo@example.com)" or "Bank account ••••6789", in the interface language. */
export function methodLabel(method: PayoutMethod, t: TFunction<'payouts'>): string {
  return method.type === 'paypal' ? t('payouts:payouts.methodPaypal', { email: method.email }) : t('payouts:payouts.methodBank', { last4: bankAccountLast4(method) });
}

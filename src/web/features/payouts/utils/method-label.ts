import type { TFunction } from 'i18next';
import type { PayoutMethod } from '#shared/payouts.ts';

/** "PayPal (jo@example.com)" or "Bank account ••••6789", in the interface language. */
export function methodLabel(method: PayoutMethod, t: TFunction<'billing'>): string {
  return method.type === 'paypal'
    ? t('billing:payouts.methodPaypal', { email: method.email })
    : t('billing:payouts.methodBank', { last4: method.accountId.replace(/[\s-]/g, '').slice(-4) });
}

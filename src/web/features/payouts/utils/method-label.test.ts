import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { methodLabel } from './method-label.ts';

describe('methodLabel', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['payouts']); // as the routes that show these do
  });

  it('shows the PayPal e-mail, and only the last four digits of a bank account', () => {
    const t = i18n.getFixedT('en', 'payouts');
    expect(methodLabel({ type: 'paypal', email: 'jo@example.com' }, t)).toBe('PayPal (jo@example.com)');
    expect(methodLabel({ type: 'bank', accountId: 'DE89 3704-0044 0532 0130 00' }, t)).toBe('Bank account ••••3000');
    expect(methodLabel({ type: 'bank', accountId: '12-3' }, t)).toBe('Bank account ••••123');
    expect(methodLabel({ type: 'bank', holder: 'Jo', country: 'GB', iban: 'GB29NWBK60161331926819' }, t)).toBe('Bank account ••••6819');
    expect(methodLabel({ type: 'bank', holder: 'Jo', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' }, i18n.getFixedT('fr', 'payouts'))).toMatch(/••••6789$/);
  });
});

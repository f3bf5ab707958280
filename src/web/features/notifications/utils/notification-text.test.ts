import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationData } from '#shared/notifications.ts';
import { i18n, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { notificationText, notificationTime } from './notification-text.ts';

const data: NotificationData = { productName: 'Icons', amountCents: 1250, currency: 'USD', actorName: 'Rita', title: 'INV-7' };

describe('notificationText', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['notifications']);
    await i18n.changeLanguage('en');
  });

  it('writes each kind with its values', () => {
    const texts = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationText({ kind, data })]));
    expect(texts).toEqual({
      sale: 'New sale: Icons for $12.50',
      refund: 'Your purchase of Icons was refunded ($12.50)',
      review: 'New review of Icons by Rita',
      comment: 'Rita commented on your post',
      like: 'Rita liked your post',
      follow: 'Rita followed you',
      application: 'New application to INV-7 from Rita',
      application_viewed: 'Your application to INV-7 was viewed',
      payout_paid: 'Payout of $12.50 paid',
      payout_failed: 'Payout of $12.50 failed',
      invoice_paid: 'Invoice INV-7 paid: $12.50',
      mention: 'Rita mentioned you',
      commission: 'You earned $12.50 commission on a sale of Icons',
    });
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(notificationText({ kind: 'sale', data })).toMatch(/^Nouvelle vente : Icons pour 12,50\s\$US$/);
      expect(notificationTime(new Date(Date.now() - 120_000).toISOString())).toBe('il y a 2 minutes');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    expect(notificationTime('2026-06-15T11:59:50Z', now)).toBe('now');
    expect(notificationTime('2026-06-15T09:00:00Z', now)).toBe('3 hours ago');
    expect(notificationTime('2026-06-14T12:00:00Z', now)).toBe('yesterday');
  });
});

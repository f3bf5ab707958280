import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '#shared/profiles.ts';
import { changeLanguage, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { SettingsForm } from './settings-form.tsx';

const profile = (money: Pick<Profile, 'currency' | 'currencyLocked'>): Profile => ({
  id: 'u1',
  email: 'maya@example.com',
  role: 'creator',
  plan: 'free',
  name: 'Maya Chen',
  bio: '',
  avatarUrl: '/a.svg',
  hasCustomAvatar: false,
  skills: [],
  portfolio: [],
  socialLinks: { twitter: '', linkedin: '', github: '', website: '' },
  storefrontSlug: 'maya-chen',
  isPublic: true,
  notifications: { emailNotifications: true, pushNotifications: false, emailDigest: 'each' },
  preferences: { language: 'en', theme: 'dark' },
  preferencesChosen: true,
  checkoutReminders: false,
  sellerName: 'Maya Studio',
  sellerAddress: '1 Rue de Rivoli\n75001 Paris',
  sellerTaxId: 'FR12345678901',
  ...money,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
});

const render = (money: Pick<Profile, 'currency' | 'currencyLocked'>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsForm profile={profile(money)} />
    </QueryClientProvider>,
  );
const currencySelect = (html: string) => /<select[^>]*-currency"[^>]*>/.exec(html)![0];

describe('the store currency in the account settings', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['profiles']);
  });
  afterAll(() => changeLanguage('en'));

  it('offers the nine currencies by name and code, with what the currency is for', async () => {
    await changeLanguage('en');
    const html = render({ currency: 'USD', currencyLocked: false });
    expect(html).toContain('Store currency');
    expect(html).toContain('Prices, sales, invoices and payouts of your store are in this currency.');
    for (const label of ['US Dollar (USD)', 'Euro (EUR)', 'British Pound (GBP)', 'Japanese Yen (JPY)', 'Mexican Peso (MXN)']) expect(html).toContain(label);
    expect(html.match(/<option value="[A-Z]{3}"/g)).toHaveLength(9);
    expect(currencySelect(html)).not.toContain('disabled=""');
  });

  it('is disabled once the store has sold, with why under it', async () => {
    await changeLanguage('en');
    const html = render({ currency: 'EUR', currencyLocked: true });
    const select = currencySelect(html);
    expect(select).toContain('disabled=""');
    expect(html).toContain('Your store currency cannot change after your first sale, invoice or payout.');
    const lockedId = /aria-describedby="[^"]* ([^"]+)"/.exec(select)![1];
    expect(html).toContain(`id="${lockedId}"`);
  });

  it('names the currencies and the lock in Spanish and French', async () => {
    await changeLanguage('es');
    const spanish = render({ currency: 'EUR', currencyLocked: true });
    expect(spanish).toContain('Moneda de la tienda');
    expect(spanish).toContain('euro (EUR)');
    expect(spanish).toContain('La moneda de tu tienda no puede cambiar');
    await changeLanguage('fr');
    const french = render({ currency: 'JPY', currencyLocked: true });
    expect(french).toContain('Devise de la boutique');
    expect(french).toContain('yen japonais (JPY)');
    expect(french).toContain('La devise de votre boutique ne peut plus changer');
  });
});

describe('the notification e-mails choice in the account settings', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['profiles']);
  });

  it('offers one e-mail per notification or a daily digest, as two labelled radios in a named group', async () => {
    await changeLanguage('en');
    const html = render({ currency: 'USD', currencyLocked: false });
    expect(html).toContain('<legend class="mb-2 text-sm font-medium">Notification e-mails</legend>');
    const radios = html.match(/<input[^>]*type="radio"[^>]*value="(each|daily)"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(2);
    expect(html).toContain('E-mail each notification');
    expect(html).toContain('Daily digest');
    for (const radio of radios) expect(html).toContain(`for="${/id="([^"]+)"/.exec(radio)![1]}"`);
  });

  it('offers the seller details printed on receipts and invoices as three labelled fields', () => {
    const html = render({ currency: 'USD', currencyLocked: false });
    expect(html).toContain('Seller details');
    for (const [label, name] of [['Business or store name', 'sellerName'], ['Tax ID (VAT/GST)', 'sellerTaxId'], ['Business address', 'sellerAddress']] as const) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="([^"]+-${name})">${label.replace(/[()]/g, '\\$&')}</label>[\\s\\S]*?id="\\1"`));
    }
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { changeLanguage, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import type { PayoutAccountOverview } from '../api/types.ts';
import { PayoutAccountCard } from './payout-account-card.tsx';

const overview = (changes: Partial<PayoutAccountOverview> = {}): PayoutAccountOverview => ({
  available: true,
  unconnectedSellers: 'held',
  account: null,
  balances: [],
  payouts: [],
  transferredCents: 0,
  ...changes,
});

const render = (data: PayoutAccountOverview, options: { returned?: 'return' | 'refresh' | null; refreshError?: unknown } = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PayoutAccountCard
        query={{ data, error: null, isError: false, isFetching: false, refetch: () => undefined }}
        currency="USD"
        returned={options.returned ?? null}
        refreshError={options.refreshError ?? null}
      />
    </QueryClientProvider>,
  );

describe('the payout account card', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['payouts']);
  });
  afterAll(() => changeLanguage('en'));

  it('is not shown where the platform offers no payout accounts', async () => {
    await changeLanguage('en');
    expect(render(overview({ available: false }))).toBe('');
  });

  it('offers to connect one, and says when buyers cannot pay before that', async () => {
    await changeLanguage('en');
    const html = render(overview({ unconnectedSellers: 'connect_first' }));
    expect(html).toContain('Payout account');
    expect(html).toContain('Stripe pays your earnings out to your bank');
    expect(html).toContain('Connect payout account');
    expect(html).toContain('Buyers cannot pay you until your payout account takes payouts');
  });

  it('shows the state, what is still needed, Finish setup and the money at the provider', async () => {
    await changeLanguage('en');
    const html = render(
      overview({
        account: { provider: 'stripe', status: 'details_needed', requirements: ['external_account'], transfersEnabled: false, testMode: true },
        balances: [{ currency: 'EUR', availableCents: 1_000, pendingCents: 250 }],
        payouts: [{ id: 'po_1', amountCents: 500, currency: 'EUR', status: 'in_transit', arrivalDate: '2026-12-09T00:00:00.000Z' }],
        transferredCents: 4_200,
      }),
      { returned: 'refresh' },
    );
    for (const text of ['Details needed', 'Test account', 'external account', 'Finish setup', 'Your setup link expired', 'Available', 'Pending', '€10.00', '€2.50', 'Transferred to your account', '$42.00', 'In transit', '€5.00']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Connect payout account');
  });

  it('says the payouts list is empty, and shows an error of the refresh on the way back', async () => {
    await changeLanguage('en');
    const html = render(
      overview({ account: { provider: 'stripe', status: 'payouts_enabled', requirements: [], transfersEnabled: true, testMode: false }, balances: [{ currency: 'USD', availableCents: 0, pendingCents: 0 }] }),
      { returned: 'return', refreshError: new ApiError(404, 'payout_account_not_found', 'Connect a payout account first.') },
    );
    expect(html).toContain('Payouts enabled');
    expect(html).toContain('No payouts yet.');
    expect(html).toContain('Connect a payout account first.');
    expect(html).not.toContain('Finish setup');
  });

  it('speaks Spanish and French, server errors included', async () => {
    const error = new ApiError(404, 'payout_account_not_found', 'Connect a payout account first.');
    const pending = overview({ account: { provider: 'stripe', status: 'pending_verification', requirements: [], transfersEnabled: true, testMode: false } });
    await changeLanguage('es');
    expect(render(pending, { returned: 'return', refreshError: error })).toContain('Verificación pendiente');
    expect(render(pending, { returned: 'return', refreshError: error })).toContain('Conecta primero una cuenta de cobro.');
    await changeLanguage('fr');
    expect(render(pending)).toContain('Vérification en cours');
    expect(render(pending, { returned: 'return', refreshError: error })).toContain('Connectez d’abord un compte de versement.');
  });
});

// Issue #45 (decision 035): a creator connects a payout account on the built-in test provider, whose
// onboarding page stands in for Stripe's; until it takes payouts their money is "Held by the platform".
// An admin chooses what happens to creators without one (Admin › Settings › Payouts).
import type { PayoutAccountOverview } from '../src/shared/payouts-connect.ts';
import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, logIn, lookAt, PASSWORD, setTheme, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** An account at Stripe still being verified, with money there and payouts to the bank: what the test provider never has. */
const AT_STRIPE: PayoutAccountOverview = {
  available: true,
  unconnectedSellers: 'held',
  account: { provider: 'stripe', status: 'pending_verification', requirements: ['individual.verification.document', 'external_account'], testMode: false },
  balances: [{ currency: 'USD', availableCents: 12_500, pendingCents: 4_200 }],
  payouts: [
    { id: 'po_1', amountCents: 8_000, currency: 'USD', status: 'in_transit', arrivalDate: '2026-12-09T00:00:00.000Z' },
    { id: 'po_2', amountCents: 15_000, currency: 'USD', status: 'paid', arrivalDate: '2026-11-30T00:00:00.000Z' },
    { id: 'po_3', amountCents: 2_000, currency: 'USD', status: 'failed', arrivalDate: '2026-11-20T00:00:00.000Z' },
  ],
  transferredCents: 39_700,
};

test('a creator connects a test payout account and their money is no longer held by the platform', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const out = (file: string) => testInfo.outputPath(file);
  const email = uniqueEmail('cora');
  await createConfirmedAccount(page.request, { email, name: 'Cora Connect', role: 'creator' });
  await logIn(page, email, '/dashboard/payouts');
  await page.setViewportSize({ width: 1366, height: 900 });

  // No payout account yet: the balance is held by the platform, and the card offers to connect one.
  await expect(page.getByRole('heading', { level: 1, name: 'My Payouts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Payout account' })).toBeVisible();
  await expect(page.getByText('Held by the platform', { exact: true })).toBeVisible();
  await expect(page.getByText(/Stripe pays your earnings out to your bank/)).toBeVisible();
  const connect = page.getByRole('button', { name: 'Connect payout account' });
  await expect(connect).toBeEnabled();
  await lookAt(page, 'payout-account-none', out);

  // An account at Stripe being verified, with its money there (answered by a stand-in: the test provider has none).
  await page.route('**/api/payouts/account', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: AT_STRIPE }) : route.continue()));
  await page.reload();
  await expect(page.getByText('Pending verification', { exact: true })).toBeVisible();
  await expect(page.getByText('The payment provider is verifying your details. Payouts start once it is done.')).toBeVisible();
  await expect(page.getByText('individual verification document')).toBeVisible();
  await expect(page.getByText('$125.00', { exact: true })).toBeVisible();
  await expect(page.getByText('$42.00', { exact: true })).toBeVisible();
  await expect(page.getByText('$397.00', { exact: true })).toBeVisible();
  const stripePayouts = page.getByRole('region', { name: 'Payouts' }).getByRole('listitem');
  await expect(stripePayouts).toHaveCount(3);
  await expect(stripePayouts.nth(0)).toContainText('In transit');
  await expect(stripePayouts.nth(1)).toContainText('Paid');
  await expect(stripePayouts.nth(2)).toContainText('Failed');
  await expect(page.getByText('Held by the platform', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish setup' })).toHaveCount(0);
  await lookAt(page, 'payout-account-stripe', out);
  await page.unroute('**/api/payouts/account');
  await page.reload();

  // Connecting asks for the password again when it was typed too long ago (here: the server says so once).
  let asked = false;
  await page.route('**/api/payouts/account', async (route) => {
    if (route.request().method() !== 'POST' || asked) return route.continue();
    asked = true;
    await route.fulfill({ status: 403, json: { error: { code: 'password_confirmation_required', message: 'Please enter your password again to continue.' } } });
  });
  await connect.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  // The test provider's onboarding page, standing in for Stripe's.
  await expect(page).toHaveURL(/\/dashboard\/payouts\/test-onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Test payout account' })).toBeVisible();
  await expect(page.getByText(/No real money moves/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Payouts' })).toHaveAttribute('href', '/dashboard/payouts');
  await lookAt(page, 'payout-test-onboarding', out);

  // Back without submitting: details are still needed, and the money still held.
  await page.getByRole('link', { name: 'Back to Payouts' }).click();
  await expect(page.getByText('Details needed', { exact: true })).toBeVisible();
  await expect(page.getByText('Held by the platform', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect payout account' })).toHaveCount(0);
  // The provider sends the creator back with an expired link: the account is read again, and Finish setup asks for a new one.
  await page.goto('/dashboard/payouts?connect=refresh');
  await expect(page.getByText('Your setup link expired. Choose Finish setup to get a new one.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await lookAt(page, 'payout-account-details-needed', out);
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test payout account' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit details' }).click();

  // Back on Payouts: the account is read again, the parameter leaves the address, payouts are enabled.
  await expect(page.getByRole('heading', { level: 1, name: 'My Payouts' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await expect(page.getByText('Payouts enabled', { exact: true })).toBeVisible();
  await expect(page.getByText('Test account', { exact: true })).toBeVisible();
  await expect(page.getByText('Held by the platform', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect payout account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish setup' })).toHaveCount(0);
  await lookAt(page, 'payout-account-enabled', out);

  // A client pays a $50.00 invoice with the test card: the platform transfers it to the payout account.
  const invoice = await page.request.post('/api/invoices', {
    data: { clientName: 'Acme Ltd', clientEmail: 'billing@acme.test', description: 'Logo', items: [{ name: 'Logo', quantity: 1, unitPrice: '50.00' }] },
  });
  expect(invoice.status()).toBe(201);
  const invoiceId = ((await invoice.json()) as { invoice: { id: string } }).invoice.id;
  const payer = await browser.newContext();
  const order = await payer.request.post(`/api/pay/${invoiceId}/orders`, { data: {} });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { order: { id: string } }).order.id;
  expect((await payer.request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).ok()).toBe(true);
  await payer.close();
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { level: 2, name: 'Payout account' }) });
  await expect(card.getByText('Transferred to your account')).toBeVisible();
  await expect(card.getByText('$50.00', { exact: true })).toHaveCount(2); // available at the provider, and transferred
  await expect(card.getByRole('region', { name: 'Payouts' })).toContainText('No payouts yet.');
  await lookAt(page, 'payout-account-transferred', out);
});

test('an admin asks creators to connect a payout account before their first sale, then lets them sell again', async ({ page }, testInfo) => {
  const out = (file: string) => testInfo.outputPath(file);
  await createConfirmedAccount(page.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(page.request, ADMIN_EMAIL);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Payouts' });
  const group = form.getByRole('radiogroup', { name: 'Creators without a payout account' });
  const held = group.getByRole('radio', { name: 'Hold their money on the platform' });
  const connectFirst = group.getByRole('radio', { name: 'Ask them to connect before their first sale' });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(held).toBeChecked();
  await expect(save).toBeDisabled(); // nothing changed yet

  // The setting is shared by every journey running at the time: it goes back to "held" at once.
  await connectFirst.click();
  await expect(connectFirst).toBeChecked();
  await save.click();
  await expectToast(page, 'Setting Saved', 'Creators must connect a payout account before their first sale.');
  await expect(save).toBeDisabled();
  await held.click();
  await save.click();
  await expectToast(page, 'Setting Saved', 'Creators without a payout account can sell; the platform holds their money.');
  await page.reload();
  await expect(held).toBeChecked();

  // By keyboard: the radios are one tab stop, arrows choose.
  await held.focus();
  await page.keyboard.press('ArrowDown');
  await expect(connectFirst).toBeFocused();
  await page.keyboard.press('Space'); // a press too short for Radix to check on arrow focus; Space checks the focused radio
  await expect(connectFirst).toBeChecked();
  await expect(save).toBeEnabled();
  await lookAt(page, 'admin-settings-payouts', out);
  // The settings page is long: the card alone, to be looked at.
  const card = page.locator('[data-slot="card"]').filter({ has: form });
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await shot(card, { path: out(`admin-payouts-card-${width}-${theme}.png`) });
    }
  }
  await setTheme(page, 'dark');
  await held.click();
  await expect(save).toBeDisabled();
});

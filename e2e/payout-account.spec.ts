// Issue #45 (decision 035): a creator connects a payout account on the built-in test provider, whose
// onboarding page stands in for Stripe's; until it takes payouts their money is "Held by the platform".
// Stripe's own onboarding, transfers and payouts, and the admin's choice: e2e/connect-stripe.spec.ts.
import { createConfirmedAccount, expect, logIn, lookAt, test, uniqueEmail } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

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

  // The session is new: connecting asks for no password (one typed long ago would be asked again, as for the payout method).
  await connect.click();

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

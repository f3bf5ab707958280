// Issue #45 (decision 035), on the second app, whose payments go through the local fake Stripe (e2e/serve.mjs with STRIPE_PORT):
// a creator connects a payout account on Stripe's onboarding page, sells, sees the sale and the platform's fee,
// the money transferred to their Stripe account and Stripe's payout arriving; an admin chooses what creators
// without a payout account may do (Admin › Settings › Payouts), a setting no other journey's app shares.
import { fakeStripeURL } from '../playwright.config.ts';
import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, logIn, lookAt, setTheme, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

test('a creator connects on Stripe’s page, sells, and sees the transfer and Stripe’s payout', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const out = (file: string) => testInfo.outputPath(file);
  const email = uniqueEmail('stripe-creator');
  await createConfirmedAccount(page.request, { email, name: 'Sol Stripe', role: 'creator' });
  await logIn(page, email, '/dashboard/payouts');
  await page.setViewportSize({ width: 1366, height: 900 });
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { level: 2, name: 'Payout account' }) });
  await expect(card.getByRole('button', { name: 'Connect payout account' })).toBeEnabled();
  await expect(page.getByText('Held by the platform', { exact: true })).toBeVisible();

  // Stripe's onboarding page (the fake's), still being verified when the creator comes back.
  await card.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripeURL}/connect/onboarding/`));
  await page.getByLabel('Outcome').selectOption('pending');
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await expect(card.getByText('Pending verification', { exact: true })).toBeVisible();
  // Stripe takes transfers already while it verifies the account for payouts: nothing is held here any more.
  await expect(page.getByText('Held by the platform', { exact: true })).toHaveCount(0);
  await lookAt(page, 'stripe-account-pending', out);

  // Stripe finishes verifying and says so (account.updated): the open page follows.
  const accountId = ((await (await page.request.get(`${fakeStripeURL}/_test/accounts`)).json()) as { data: { id: string; email: string }[] }).data.find(
    (account) => account.email === email,
  )!.id;
  expect((await page.request.post(`${fakeStripeURL}/_test/accounts/${accountId}`, { data: { verification: 'verified' } })).ok()).toBe(true);
  await expect(card.getByText('Payouts enabled', { exact: true })).toBeVisible();

  // A buyer pays $30.00 on Stripe's Checkout page.
  const made = await page.request.post('/api/products', {
    multipart: { name: 'Stripe Sketchbook', price: '30.00', category: 'Templates', file: { name: 'sketchbook.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 sketchbook') } },
  });
  expect(made.status()).toBe(201);
  const { product } = (await made.json()) as { product: { id: string } };
  const buyer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const buyerPage = await buyer.newPage();
  const started = await buyerPage.request.post('/api/checkout', { data: { email: uniqueEmail('stripe-buyer'), productIds: [product.id] } });
  expect(started.status()).toBe(201);
  const { start } = (await started.json()) as { start: { type: string; url: string } };
  expect(start.type).toBe('redirect');
  await buyerPage.goto(start.url);
  await expect(buyerPage.getByRole('heading', { level: 1 })).toContainText(/Thank you|Payment/i);
  await buyer.close();

  // The sale and the platform's fee on the creator's overview; the net went to their Stripe account.
  await page.goto('/dashboard');
  await expect(page.getByTestId('total-earnings')).toHaveText('$29.70');
  await expect(page.getByText('Platform fee (1% on the Free plan): $0.30')).toBeVisible();
  await page.goto('/dashboard/payouts');
  await expect(card.getByText('Transferred to your account')).toBeVisible();
  await expect(card.getByText('$29.70', { exact: true })).toHaveCount(2); // available at Stripe, and transferred
  await expect(card.getByRole('region', { name: 'Payouts' })).toContainText('No payouts yet.');

  // Stripe pays the account out to the creator's bank (payout.paid): the open page shows it arrive.
  expect((await page.request.post(`${fakeStripeURL}/_test/accounts/${accountId}/payout`, { data: { status: 'paid' } })).ok()).toBe(true);
  const payouts = card.getByRole('region', { name: 'Payouts' }).getByRole('listitem');
  await expect(payouts).toHaveCount(1);
  await expect(payouts.first()).toContainText('$29.70');
  await expect(payouts.first()).toContainText('Paid');
  await lookAt(page, 'stripe-account-paid-out', out);
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

  await connectFirst.click();
  await save.click();
  await expectToast(page, 'Setting Saved', 'Creators must connect a payout account before their first sale.');
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(connectFirst).toBeChecked();

  // By keyboard: the radios are one tab stop, arrows choose, Space checks.
  await connectFirst.focus();
  await page.keyboard.press('ArrowUp');
  await expect(held).toBeFocused();
  await page.keyboard.press('Space');
  await expect(held).toBeChecked();
  await expect(save).toBeEnabled();
  await lookAt(page, 'admin-settings-payouts', out);
  await save.click();
  await expectToast(page, 'Setting Saved', 'Creators without a payout account can sell; the platform holds their money.');
  // The settings page is long: the card alone, to be looked at.
  const card = page.locator('[data-slot="card"]').filter({ has: form });
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await shot(card, { path: out(`admin-payouts-card-${width}-${theme}.png`) });
    }
  }
});

// Issue #21, currencies: a creator sells in euros (Settings → Store currency); a buyer sees, adds and
// pays euro prices; after the first sale the creator's currency is locked, and the sale is in euros.
import { expect, expectToast, lookAt, payAtCheckout, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a creator sells in euros and a buyer pays in euros', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await signedInAs(page, { email: uniqueEmail('euro-seller'), name: 'Elsa Euro', role: 'creator' });

  await page.goto('/dashboard/settings');
  const settings = page.getByRole('form', { name: 'Account Settings' });
  const currency = settings.getByLabel('Store currency');
  await expect(currency).toHaveValue('USD');
  await expect(settings.getByText('Prices, sales, invoices and payouts of your store are in this currency.')).toBeVisible();
  await currency.selectOption({ label: 'Euro (EUR)' });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Settings Saved!');
  await lookAt(page, 'settings-currency', (file) => testInfo.outputPath(file));

  // The product form names the currency, and prices show in euros.
  await page.goto('/dashboard/products/upload');
  await expect(page.getByLabel('Price (EUR)')).toBeVisible();
  const name = `Euro Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '19.50' });

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/store/product/${product.id}`);
  await expect(guest.getByTestId('product-price')).toContainText('€19.50');
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  // The guest's page is the server's: the click is the app's once it has taken over (decision 037).
  await expect(guest.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await guest.goto('/cart');
  await expect(guest.getByTestId('cart-total')).toHaveText('€19.50');
  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  // The buyer's country (for tax, where it applies) starts as the browser language's region.
  await expect(guest.getByLabel('Country')).toHaveValue('US');
  await expect(guest.getByText('Tax, where it applies, is worked out from your country.')).toBeVisible();
  await lookAt(guest, 'checkout-country', (file) => testInfo.outputPath(file));
  await payAtCheckout(guest, '€19.50', uniqueEmail('euro-buyer'));
  await guestContext.close();

  // The sale is in euros, and the currency can no longer change.
  await page.goto('/dashboard/profile?tab=client-history');
  await expect(page.getByTestId('sale-row').filter({ hasText: name })).toContainText('€19.50');
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Store currency')).toBeDisabled();
  await expect(page.getByLabel('Store currency')).toHaveValue('EUR');
  await expect(page.getByText('Your store currency cannot change after your first sale, invoice or payout.')).toBeVisible();
});

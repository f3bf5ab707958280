// Issue #21, license keys: a creator sells a product with license keys, the buyer finds the key in the
// library, the creator's app verifies it (POST /api/licenses/verify), the creator disables it, a partial
// refund leaves it working and the download with it, and refunding the rest turns it off for good.
import type { APIRequestContext } from '@playwright/test';
import { buyThroughApi, createConfirmedAccount, expect, expectToast, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

const KEY = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;

/** The creator's app: no cookie, no browser, just the product id and the key. */
const verify = (request: APIRequestContext, productId: string, licenseKey: string, increment = true) =>
  request.post('/api/licenses/verify', { data: { product_id: productId, license_key: licenseKey, increment_uses_count: increment } });

test('a buyer gets a license key, the creator’s app verifies it, the creator disables it, a partial refund keeps it and refunding the rest turns it off', async ({ page, browser, playwright }, testInfo) => {
  test.setTimeout(360_000);
  const creatorEmail = uniqueEmail('keys-seller');
  // Each person signs in through the API (signing in has its own journeys); their first page is one this journey is about.
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Kai Keys', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const name = `Pixel Plugin ${Date.now().toString(36)}`;
  const product = await uploadProduct<{ id: string; licenseKeys: boolean }>(page.request, {
    name,
    price: '9.00',
    category: 'Software',
    file: { name: 'plugin.zip', mimeType: 'application/zip', buffer: Buffer.from('PK plugin') },
  });
  expect(product.licenseKeys).toBe(false);

  // The creator turns license keys on in the product form.
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit product' });
  const setting = form.getByRole('checkbox', { name: 'Generate a unique license key per sale' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Product Updated');
  // To the License Keys page from the sidebar (no new page load).
  await page.getByRole('navigation').getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'License Keys', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'License Keys' })).toBeVisible();
  await expect(page.getByText('No license keys yet')).toBeVisible();

  // A buyer pays with the test card (through the API: the checkout has its own journeys) and finds the key in the library.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('keys-buyer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bea Buyer', role: 'user' });
  await signInThroughApi(buyer.request, buyerEmail);
  const orderId = await buyThroughApi(buyer.request, { email: buyerEmail, productIds: [product.id] });
  expect(orderId).toBeTruthy();
  await buyer.goto('/library');
  const item = buyer.getByTestId('library-item').filter({ hasText: name });
  const shown = item.getByTestId('license-key');
  await expect(shown).toContainText('License key');
  const key = (await shown.locator('code').textContent())!.trim();
  expect(key).toMatch(KEY);
  await expect(item.getByRole('button', { name: `Copy the license key of ${name}` })).toBeVisible();
  await lookAt(buyer, 'library-key', (file) => testInfo.outputPath(file));

  // The creator's app verifies it: one use counted.
  const app = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const valid = await verify(app, product.id, key);
  expect(valid.status()).toBe(200);
  // Without the creator's API key the buyer's e-mail is masked (the API tests cover the key's full answer).
  const masked = `${buyerEmail[0]}***@${buyerEmail.split('@')[1]}`;
  expect(await valid.json()).toMatchObject({ success: true, uses: 1, purchase: { email: masked, product_name: name, license_key: key, refunded: false } });
  // As the buyer's browser would too.
  expect((await (await page.request.post('/api/licenses/verify', { data: { product_id: product.id, license_key: key, increment_uses_count: false } })).json()).uses).toBe(1);

  // The creator sees it and disables it.
  await page.reload();
  const row = page.getByTestId('license-row').filter({ hasText: key });
  await expect(row).toContainText(name);
  await expect(row).toContainText(buyerEmail);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await lookAt(page, 'licenses-page', (file) => testInfo.outputPath(file));
  await row.getByRole('button', { name: `Disable the key of ${name} sold to ${buyerEmail}` }).click();
  await expectToast(page, 'Key Disabled');
  await expect(row).toContainText('Disabled');
  const disabled = await verify(app, product.id, key);
  expect(disabled.status()).toBe(403);
  expect((await disabled.json()).error).toEqual({ code: 'license_disabled', message: 'This license key has been disabled.' });

  // Enabled again, it verifies; then the creator refunds the sale and the key is off for good.
  await row.getByRole('button', { name: `Enable the key of ${name} sold to ${buyerEmail}` }).click();
  await expectToast(page, 'Key Enabled');
  expect((await verify(app, product.id, key)).status()).toBe(200);
  // The sales, from the sidebar's Profile and its Sales History tab (no new page load).
  await page.getByRole('navigation').getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Sales History' }).click();
  const sale = page.getByTestId('sale-row').filter({ hasText: name });
  const refundButton = sale.getByRole('button', { name: `Refund ${name} bought by ${buyerEmail}` });

  // A partial refund: $4.00 of the $9.00. Too much first: the dialog says how much at most.
  await refundButton.click();
  let dialog = page.getByRole('dialog', { name: 'Refund this sale?' });
  const amount = dialog.getByLabel('Amount to refund');
  await expect(amount).toHaveValue('9.00');
  await amount.fill('9.01');
  await dialog.getByRole('button', { name: 'Refund Sale' }).click();
  await expect(dialog.getByText('You can refund at most $9.00.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('4');
  await lookAt(page, 'refund-dialog', (file) => testInfo.outputPath(file), [1366]);
  await dialog.getByRole('button', { name: 'Refund Sale' }).click();
  await expectToast(page, 'Partial Refund Made');
  await expect(sale).toContainText('Partly refunded $4.00');
  await expect(sale).toContainText('Completed');
  // The key still verifies, and the buyer still downloads the file, told what came back.
  expect((await verify(app, product.id, key)).status()).toBe(200);
  await buyer.reload();
  await expect(item).toContainText('Partly refunded ($4.00)');
  await expect(item.getByRole('link', { name: `Download ${name}` })).toBeVisible();
  expect((await buyer.request.get((await item.getByRole('link', { name: `Download ${name}` }).getAttribute('href'))!)).status()).toBe(200);
  await lookAt(page, 'sales-partly-refunded', (file) => testInfo.outputPath(file));

  // The rest: the dialog starts with what is left.
  await refundButton.click();
  dialog = page.getByRole('dialog', { name: 'Refund this sale?' });
  await expect(dialog).toContainText('$4.00 was already refunded');
  await expect(dialog.getByLabel('Amount to refund')).toHaveValue('5.00');
  await dialog.getByRole('button', { name: 'Refund Sale' }).click();
  await expectToast(page, 'Sale Refunded');
  await expect(sale).toContainText('Refunded');
  await expect(sale).not.toContainText('Partly refunded');
  await expect(refundButton).toHaveCount(0);
  await buyer.reload();
  await expect(item).toContainText('Refunded');
  await expect(item.getByRole('link', { name: `Download ${name}` })).toHaveCount(0);
  await buyerContext.close();
  const refunded = await verify(app, product.id, key);
  expect(refunded.status()).toBe(403);
  expect((await refunded.json()).error).toEqual({ code: 'license_refunded', message: 'This license key was disabled because its purchase was refunded.' });
  await page.goto('/dashboard/licenses');
  const after = page.getByTestId('license-row').filter({ hasText: key });
  await expect(after).toContainText('Refunded');
  await expect(after.getByRole('button', { name: /^Enable/ })).toHaveCount(0);
  await app.dispose();
});

import { expect, expectToast, lookAt, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

// Issue #44, share a product and drafts: a product saved as a draft stays off the storefront until it is
// published; the Share panel on the product list gives its readable link, a short link, a QR code and
// the embed snippet. Old id addresses answer a permanent redirect to the slug.
test('a creator saves a draft, publishes it and shares it from the product list, at 1366 and 360 px in both themes', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signedInAs(page, { email: uniqueEmail('share-creator'), name: 'Maya Share', role: 'creator' });
  const word = Date.now().toString(36);
  const name = `Crème Field Guide ${word}`;
  const slug = `creme-field-guide-${word}`;

  // Save as draft, beside the publish action of the upload form.
  await page.goto('/dashboard/products/upload');
  const form = page.getByRole('form', { name: /upload/i });
  await form.getByLabel('Product Name').fill(name);
  await form.getByLabel(/^Price/).fill('9');
  await form.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 guide') });
  await lookAt(page, 'upload-save-as-draft', (file) => testInfo.outputPath(file));
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Product Uploaded!', `“${name}” is saved as a draft.`);
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  const { items } = (await (await page.request.get('/api/my/products')).json()) as { items: { id: string; slug: string; published: boolean; name: string }[] };
  const product = items.find((item) => item.name === name)!;
  expect(product).toMatchObject({ slug, published: false });
  const me = (await (await page.request.get('/api/me')).json()) as { user: { storefrontSlug: string } };

  // A draft is off the storefront and its page for a guest, on the API and in the page load.
  const guest = await page.context().browser()!.newContext();
  const guestPage = await guest.newPage();
  const storefront = (await (await guestPage.request.get(`/api/store/products?creator=${me.user.storefrontSlug}`)).json()) as { items: { id: string }[] };
  expect(storefront.items.map((item) => item.id)).not.toContain(product.id);
  expect((await guestPage.request.get(`/store/product/${slug}`)).status()).toBe(404);
  await guestPage.goto(`/store/${me.user.storefrontSlug}`);
  await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guestPage.getByText(name)).toHaveCount(0);

  // The list: a Draft badge and Publish.
  const row = page.getByTestId(`product-row-${product.id}`);
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await lookAt(page, 'products-draft', (file) => testInfo.outputPath(file));
  await row.getByRole('button', { name: `Publish ${name}` }).click();
  await expectToast(page, 'Publish', `“${name}” is published.`);
  await expect(row.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Unpublish ${name}` })).toBeVisible();

  // Published: on the storefront, and the old id address redirects for good to the slug.
  await guestPage.goto(`/store/${me.user.storefrontSlug}`);
  await expect(guestPage.getByRole('link', { name })).toBeVisible();
  const old = await guestPage.request.get(`/store/product/${product.id}?ref=old`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/store/product/${slug}?ref=old`);
  await guestPage.goto(`/store/product/${product.id}`);
  await expect(guestPage).toHaveURL(new RegExp(`/store/product/${slug}$`));
  await expect(guestPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await guest.close();

  // The Share panel.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: `Share ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(dialog).toBeVisible();
  const link = `${new URL(page.url()).origin}/store/product/${slug}`;
  await expect(dialog.getByRole('textbox', { name: 'Product link' })).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Copy: Product link' }).click();
  await expectToast(page, 'Copied to the clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('img', { name: `QR code of ${link}` })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Embed on your website' })).toHaveValue(new RegExp(`<a href="${link.replace(/[.?]/g, '\\$&')}\\?embed=1">Buy now</a>`));

  await dialog.getByRole('button', { name: 'Make a short link' }).click();
  const short = dialog.getByRole('textbox', { name: 'Short link address' });
  await expect(short).toHaveValue(/\/z\/[\w-]+$/);
  // The short link leads to the product's page.
  const visit = await page.request.get((await short.inputValue()).replace(/^https?:\/\/[^/]+/, ''), { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(link);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toBe(`${slug}-qr.png`);

  await lookAt(page, 'share-panel', (file) => testInfo.outputPath(file));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await lookAt(page, 'products-with-share', (file) => testInfo.outputPath(file));

  // The address in the edit form: a taken one is told at the field; a new one saves, and the old one redirects.
  const other = await uploadProduct(page.request, { name: `Other Guide ${word}`, price: '3' });
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const editForm = page.getByRole('form', { name: /edit/i });
  const address = editForm.getByRole('textbox', { name: 'Address' });
  await expect(address).toHaveValue(slug);
  await address.fill(other.slug);
  await editForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(address).toHaveAccessibleDescription('This address is already taken. Please choose another one.');
  await expect(address).toBeFocused();
  await lookAt(page, 'edit-address-taken', (file) => testInfo.outputPath(file));
  await address.fill(`field-guide-${word}`);
  await editForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const renamed = await page.request.get(`/store/product/${slug}`, { maxRedirects: 0 });
  expect(renamed.status()).toBe(301);
  expect(renamed.headers().location).toBe(`/store/product/field-guide-${word}`);
});

// Issue #21, product versions: a creator whose store sells in euros sells a product in two versions
// (Basic, Extended) with pay what you want, a 20 % code and license keys; a buyer comes with the code,
// picks Extended, names an amount and pays in euros; the library gives the Extended file and the key;
// `curl` verifies the key, which names the version; a refund turns the key off.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { baseURL } from '../playwright.config.ts';
import { expect, expectToast, lookAt, payAtCheckout, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a buyer picks the Extended version with a 20 % code, pays what they want in EUR and gets its file and key; a refund turns the key off', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const creatorEmail = uniqueEmail('versions-seller');
  await signedInAs(page, { email: creatorEmail, name: 'Vera Versions', role: 'creator' });
  // The store sells in euros (Settings → Store currency has its own journey, currencies.spec.ts).
  expect((await page.request.patch('/api/profile', { data: { currency: 'EUR' } })).status()).toBe(200);
  const name = `Font Family ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, {
    name,
    price: '9.00',
    category: 'Graphics',
    file: { name: 'font.zip', mimeType: 'application/zip', buffer: Buffer.from('PK font') },
  });

  // Pay what you want and license keys, in the product form.
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit product' });
  await form.getByRole('checkbox', { name: 'Let buyers pay what they want' }).check();
  await form.getByRole('checkbox', { name: 'Generate a unique license key per sale' }).check();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Product Updated');

  // Two versions, each with its own file, in the Versions section below the form.
  const basicFile = Buffer.concat([Buffer.from('PK basic '), randomBytes(256)]);
  const extendedFile = Buffer.concat([Buffer.from('PK extended '), randomBytes(256)]);
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const add = page.getByRole('form', { name: 'Add a version' });
  await add.getByRole('button', { name: 'Add version' }).click();
  await expect(add.getByText('Please give the version a name.')).toBeVisible();
  await expect(add.getByLabel('Version name')).toHaveAttribute('aria-invalid', 'true');
  for (const [versionName, price, about, file] of [
    ['Basic', '10', 'One project.', basicFile],
    ['Extended', '25', 'Unlimited projects and clients.', extendedFile],
  ] as const) {
    await add.getByLabel('Version name').fill(versionName);
    await add.getByLabel('Price (EUR)').fill(price);
    await add.getByLabel('Description').fill(about);
    await add.getByLabel('Version file').setInputFiles({ name: `${versionName.toLowerCase()}.zip`, mimeType: 'application/zip', buffer: file });
    await add.getByRole('button', { name: 'Add version' }).click();
    await expectToast(page, 'Version added');
    await expect(page.getByTestId('version-row').filter({ hasText: versionName })).toBeVisible();
  }
  // A second "basic" is refused in the creator's words.
  await add.getByLabel('Version name').fill('basic');
  await add.getByLabel('Price (EUR)').fill('5');
  await add.getByLabel('Version file').setInputFiles({ name: 'dup.zip', mimeType: 'application/zip', buffer: Buffer.from('PK dup') });
  await add.getByRole('button', { name: 'Add version' }).click();
  await expect(add.getByText('This product already has a version named “basic”.')).toBeVisible();
  await add.getByLabel('Version name').fill('');
  await expect(page.getByRole('list', { name: 'Versions, in the order buyers see them' }).getByTestId('version-row')).toHaveCount(2);
  await lookAt(page, 'edit-versions', (file) => testInfo.outputPath(file));

  const code = `FONTS${randomBytes(3).toString('hex').toUpperCase()}`;
  // A €20 minimum order: Basic alone is too little for the code, Extended is enough.
  expect((await page.request.post('/api/discounts', { data: { code, kind: 'percent', amount: 20, minOrderCents: 2000 } })).status()).toBe(201);

  // The buyer comes with the code, sees "From €10.00", picks Extended (the code now applies) and names €30.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('versions-buyer');
  await signedInAs(buyer, { email: buyerEmail, name: 'Bo Buyer', role: 'user' });
  await buyer.goto(`/store/product/${product.id}?code=${code}`);
  await expect(buyer.getByTestId('product-price')).toContainText('From €10.00');
  const versions = buyer.getByRole('radiogroup');
  await expect(buyer.getByRole('group', { name: 'Choose a version' })).toBeVisible();
  await expect(versions.getByRole('radio', { name: /Basic/ })).toBeChecked();
  const withCode = buyer.getByText(`With code ${code}`);
  await expect(withCode).toHaveCount(0);
  await versions.getByRole('radio', { name: /Extended/ }).click();
  await expect(versions.getByRole('radio', { name: /Extended/ })).toBeChecked();
  await expect(withCode).toBeVisible();
  const amount = buyer.getByLabel('Name a fair price');
  await expect(amount).toHaveValue('25.00');
  await amount.fill('20');
  await expect(buyer.getByText(`Please pay at least €25.00 for ${name}.`)).toBeVisible();
  await amount.fill('30');
  await lookAt(buyer, 'product-versions', (file) => testInfo.outputPath(file));
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(buyer, `${name} added to cart!`);

  await buyer.goto('/cart');
  const line = buyer.getByTestId('cart-item').filter({ hasText: name });
  await expect(line.getByTestId('cart-version')).toHaveText('Version: Extended');
  await expect(buyer.getByTestId('cart-total')).toHaveText('€24.00');
  await lookAt(buyer, 'cart-version', (file) => testInfo.outputPath(file));
  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(buyer.getByTestId('cart-item').filter({ hasText: name }).getByTestId('cart-version')).toHaveText('Version: Extended');
  await expect(buyer.getByTestId('cart-total')).toHaveText('€24.00');
  await payAtCheckout(buyer, '€24.00');

  // The library: the Extended version, its file (byte for byte) and the key.
  await buyer.goto('/library');
  const item = buyer.getByTestId('library-item').filter({ hasText: name });
  await expect(item.getByTestId('library-version')).toHaveText('Version: Extended');
  const href = await item.getByRole('link', { name: `Download ${name}` }).getAttribute('href');
  const download = await buyer.request.get(href!);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), extendedFile)).toBe(0);
  expect(download.headers()['content-disposition']).toContain('extended.zip');
  const key = (await item.getByTestId('license-key').locator('code').textContent())!.trim();
  await lookAt(buyer, 'library-version', (file) => testInfo.outputPath(file));

  // The creator's app verifies the key with curl: the version is its variant, the price in euros.
  const verify = () => {
    const answer = execFileSync('curl', ['-s', '-w', '\n%{http_code}', '-X', 'POST', '-H', 'content-type: application/json', '--data', JSON.stringify({ product_id: product.id, license_key: key }), `${baseURL}/api/licenses/verify`], { encoding: 'utf8' });
    const [body, status] = [answer.slice(0, answer.lastIndexOf('\n')), Number(answer.slice(answer.lastIndexOf('\n') + 1))];
    return { status, body: JSON.parse(body) };
  };
  const verified = verify();
  expect(verified.status).toBe(200);
  // Without the creator's API key the buyer's e-mail is masked.
  const masked = `${buyerEmail[0]}***@${buyerEmail.split('@')[1]}`;
  expect(verified.body).toMatchObject({ success: true, purchase: { email: masked, product_name: name, variants: 'Extended', price: 2400, currency: 'eur', refunded: false } });

  // The creator's sales name the version; refunding all of it turns the key off.
  await page.goto('/dashboard/profile?tab=client-history');
  const sale = page.getByTestId('sale-row').filter({ hasText: name });
  await expect(sale).toContainText('Version: Extended');
  await expect(sale).toContainText('€24.00');
  await sale.getByRole('button', { name: `Refund ${name} bought by ${buyerEmail}` }).click();
  await page.getByRole('dialog', { name: 'Refund this sale?' }).getByRole('button', { name: 'Refund Sale' }).click();
  await expectToast(page, 'Sale Refunded');
  const refunded = verify();
  expect(refunded.status).toBe(403);
  expect(refunded.body.error.code).toBe('license_refunded');
  await buyerContext.close();
});

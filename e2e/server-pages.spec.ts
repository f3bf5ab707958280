import type { Browser } from '@playwright/test';
import { createSignedInAccount, expect, lookAt, test, uniqueEmail, uploadProduct } from './fixtures.ts';

/** A guest's server page at 1366 px, with the scripts it asked for (the app's are not among them until the visitor acts). */
async function openAsGuest(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto(path);
  await expect(page.locator('#root[data-server-page]')).toBeAttached();
  return { context, page, scripts };
}

// Issue #47 (decision 037): a guest's product page and storefront are written by the server and load no
// script of the app until the visitor does something; the app then replaces the page where it stands, and
// a button pressed meanwhile (Buy now) does what it says.
test('a guest gets the server’s product page and storefront without the app, and Buy now opens the buy dialog once the app took over', async ({ browser, request }, testInfo) => {
  const creatorEmail = uniqueEmail('server-pages-creator');
  await createSignedInAccount(request, { email: creatorEmail, name: 'Noor Haddad' });
  const name = `Night Sketches ${Date.now().toString(36)}`;
  const product = await uploadProduct<{ id: string; slug: string; name: string }>(request, {
    name,
    price: '9',
    category: 'Graphics',
    description: 'Twelve **ink** sketches.\n\n- A4 and letter\n- Print at home',
    file: { name: 'sketches.zip', mimeType: 'application/zip', buffer: Buffer.from('PK sketches') },
  });
  const me = (await (await request.get('/api/me')).json()) as { user: { storefrontSlug: string } };
  const storeSlug = me.user.storefrontSlug;

  const { context, page, scripts } = await openAsGuest(browser, `/store/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText('Price: $9.00');
  await expect(page.locator('.markdown-text strong')).toHaveText('ink');
  // Nothing of the app is loaded before the visitor does something: only the theme and takeover.js.
  expect(scripts.sort()).toEqual(['/takeover.js', '/theme.js']);
  await lookAt(page, 'server-product-page', (file) => testInfo.outputPath(file), [360, 1366]);
  expect(scripts.some((script) => script.startsWith('/assets/'))).toBe(false);

  const before = await page.locator('h1').boundingBox();
  await page.getByRole('button', { name: 'Buy now' }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
  await expect(dialog).toBeVisible();
  await expect(page.locator('#root[data-server-page]')).toHaveCount(0);
  await expect(dialog.getByTestId('order-total')).toHaveText('$9.00');
  // The app's page stands where the server's stood (the dialog hides it from the accessibility tree).
  expect(await page.locator('h1', { hasText: name }).boundingBox()).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The storefront: the creator, the product's card; the address typed before the app is kept.
  const storefront = await context.newPage();
  await storefront.goto(`/store/${storeSlug}`);
  await expect(storefront.locator('#root[data-server-page]')).toBeAttached();
  await expect(storefront.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeVisible();
  await expect(storefront.getByRole('link', { name })).toHaveAttribute('href', `/store/product/${product.slug}`);
  await lookAt(storefront, 'server-storefront', (file) => testInfo.outputPath(file), [360, 1366]);
  const email = storefront.getByRole('textbox', { name: /Your e-mail/ });
  await email.click();
  await email.pressSequentially('fan@example.com');
  await expect(storefront.locator('#root[data-server-page]')).toHaveCount(0);
  await expect(storefront.getByRole('textbox', { name: /Your e-mail/ })).toHaveValue('fan@example.com');
  await expect(storefront.getByRole('textbox', { name: /Your e-mail/ })).toBeFocused();
  await storefront.getByRole('button', { name: 'Get updates' }).click();
  await expect(storefront.getByText('Check your inbox: we sent you a link to confirm.')).toBeVisible();

  // The home page and the marketplace as the server writes them, looked at before anything is pressed
  // (a returning visitor: the first-visit notice stays closed).
  const site = await context.newPage();
  await site.addInitScript(() => window.localStorage.setItem('zerri.constructionNoticeSeen', '1'));
  await site.goto('/');
  await expect(site.locator('#root[data-server-page]')).toBeAttached();
  await expect(site.getByRole('heading', { level: 1 })).toContainText('Sell, share and grow');
  await lookAt(site, 'server-home', (file) => testInfo.outputPath(file), [360, 1366]);
  await site.goto('/store');
  await expect(site.locator('#root[data-server-page]')).toBeAttached();
  await expect(site.getByRole('link', { name, exact: true })).toBeVisible();
  await lookAt(site, 'server-marketplace', (file) => testInfo.outputPath(file), [360, 1366]);
  await expect(site.locator('#root[data-server-page]')).toBeAttached();
  await context.close();
});

// A product with versions and a price to name is written by the server too (no app until the visitor
// acts): a version clicked and an amount typed before the app is there are the app's once it took over.
test('a guest picks a version and names an amount on the server’s product page, and the app takes over with them', async ({ browser, request }, testInfo) => {
  await createSignedInAccount(request, { email: uniqueEmail('server-pages-versions'), name: 'Ines Duarte' });
  const name = `Field Recordings ${Date.now().toString(36)}`;
  const created = await request.post('/api/products', {
    multipart: { name, price: '9', category: 'Audio', payWhatYouWant: 'true', file: { name: 'all.zip', mimeType: 'application/zip', buffer: Buffer.from('PK all') } },
  });
  expect(created.status()).toBe(201);
  const product = ((await created.json()) as { product: { id: string; slug: string } }).product;
  let studioId = '';
  for (const [versionName, price, description] of [
    ['Basic', '9', 'The recordings alone'],
    ['Studio', '24', 'With the stems'],
  ]) {
    const version = await request.post(`/api/products/${product.id}/versions`, {
      multipart: { name: versionName!, price: price!, description: description!, file: { name: `${versionName!.toLowerCase()}.zip`, mimeType: 'application/zip', buffer: Buffer.from(`PK ${versionName}`) } },
    });
    expect(version.status(), await version.text()).toBe(201);
    studioId = ((await version.json()) as { versions: { id: string; name: string }[] }).versions.find((made) => made.name === 'Studio')?.id ?? studioId;
  }

  const { context, page, scripts } = await openAsGuest(browser, `/store/product/${product.slug}`);
  const versions = page.getByRole('group', { name: 'Choose a version' });
  await expect(versions.getByRole('radio', { name: /Basic/ })).toBeChecked();
  await expect(versions.getByRole('radio', { name: /Studio/ })).not.toBeChecked();
  await expect(page.getByLabel('Name a fair price')).toHaveValue('9.00');
  await lookAt(page, 'server-product-versions', (file) => testInfo.outputPath(file), [360, 1366]);
  expect(scripts.sort()).toEqual(['/takeover.js', '/theme.js']);

  // The click on Studio brings the app, which picks Studio: its price is the amount's start.
  await versions.getByRole('radio', { name: /Studio/ }).click();
  await expect(page.locator('#root[data-server-page]')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Choose a version' }).getByRole('radio', { name: /Studio/ })).toBeChecked();
  await expect(page.getByLabel('Name a fair price')).toHaveValue('24.00');
  await page.getByLabel('Name a fair price').fill('30');
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('dialog', { name: `Buy ${name}` }).getByTestId('order-total')).toHaveText('$30.00');
  await context.close();

  // On a phone, an amount typed into the server's field is the app's field's once it took over.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const second = await phone.newPage();
  await second.goto(`/store/product/${product.slug}`);
  await expect(second.locator('#root[data-server-page]')).toBeAttached();
  await second.getByLabel('Name a fair price').fill('15');
  await expect(second.locator('#root[data-server-page]')).toHaveCount(0);
  await expect(second.getByLabel('Name a fair price')).toHaveValue('15');
  await second.getByRole('button', { name: 'Buy now' }).click();
  await expect(second.getByRole('dialog', { name: `Buy ${name}` }).getByTestId('order-total')).toHaveText('$15.00');
  await phone.close();

  // A version this browser kept from an earlier visit: the app comes at once and shows it.
  const returning = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await returning.addInitScript((kept) => localStorage.setItem('zerri.cart.versions', JSON.stringify(kept)), { [product.id]: studioId });
  const third = await returning.newPage();
  await third.goto(`/store/product/${product.slug}`);
  await expect(third.locator('#root[data-server-page]')).toHaveCount(0);
  await expect(third.getByRole('group', { name: 'Choose a version' }).getByRole('radio', { name: /Studio/ })).toBeChecked();
  await returning.close();
});

import { createSignedInAccount, expect, lookAt, test, uniqueEmail, uploadProduct } from './fixtures.ts';

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

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto(`/store/product/${product.slug}`);
  await expect(page.locator('#root[data-server-page]')).toBeAttached();
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

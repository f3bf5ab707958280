// Issue #23, attribution: a visitor who comes through a creator's short link and buys is counted on
// that link's funnel and in the creator's overview, by link and by UTM source.
import { buyThroughApi, createConfirmedAccount, expect, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale through a short link shows on its funnel and in the overview', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  // The creator signs in through the API (signing in has its own journeys); their first page is the link's.
  const creatorEmail = uniqueEmail('attribution-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Ada Attribution', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const name = `Linked Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '12.00' });
  const made = await page.request.post('/api/links', { data: { url: `${baseURL}/store/product/${product.id}`, utm: { source: 'newsletter' } } });
  expect(made.status()).toBe(201);
  const { code } = (await made.json()) as { code: string };

  // A visitor follows the link and lands on the product, whose page counts the view; then buys it through
  // the API as the visitor's browser (the checkout screens have their own journeys), which sends the
  // attribution cookie the link's redirect set.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/z/${code}`);
  await expect(visitor).toHaveURL(new RegExp(`/store/product/${product.slug}\\?utm_source=newsletter$`));
  // A guest's page is written by the server, which counts the view as it does (decision 037): the funnel below shows it.
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const orderId = await buyThroughApi(visitor.request, { email: uniqueEmail('attribution-buyer'), productIds: [product.id] });
  const order = await visitor.request.get(`/api/orders/${orderId}`);
  expect(order.ok()).toBe(true);
  expect(await order.json()).toMatchObject({ order: { status: 'paid', totalCents: 1200 } });
  await visitorContext.close();

  // The link's page: from the click to the sale.
  await page.goto(`/zerrilink-dashboard/links/${code}`);
  const funnel = page.getByRole('region', { name: 'From clicks to sales' });
  await expect(funnel.getByTestId('funnel-productViews')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-checkouts')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-sales')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-revenue')).toHaveText('$12.00');
  await lookAt(page, 'link-funnel', (file) => testInfo.outputPath(file));

  // The overview, from the sidebar (no new page load): revenue by link and by UTM source.
  await page.getByRole('navigation').getByRole('link', { name: 'Overview', exact: true }).click();
  const byLink = page.getByRole('table', { name: 'Top links' });
  await expect(byLink.getByRole('row', { name: new RegExp(`${code}.*\\$12\\.00`) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By UTM source' }).getByRole('row', { name: /newsletter.*\$12\.00/ })).toBeVisible();
  await lookAt(page, 'overview-sources', (file) => testInfo.outputPath(file));
});

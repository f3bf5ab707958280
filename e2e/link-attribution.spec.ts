// Issue #23, attribution: a visitor who comes through a creator's short link and buys is counted on
// that link's funnel and in the creator's overview, by link and by UTM source.
import { expect, lookAt, payAtCheckout, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale through a short link shows on its funnel and in the overview', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await signedInAs(page, { email: uniqueEmail('attribution-creator'), name: 'Ada Attribution', role: 'creator' });
  const name = `Linked Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '12.00' });
  const made = await page.request.post('/api/links', { data: { url: `${baseURL}/store/product/${product.id}`, utm: { source: 'newsletter' } } });
  expect(made.status()).toBe(201);
  const { code } = (await made.json()) as { code: string };

  // A visitor follows the link, lands on the product and buys it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/z/${code}`);
  await expect(visitor).toHaveURL(new RegExp(`/store/product/${product.id}\\?utm_source=newsletter$`));
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await visitor.getByRole('button', { name: 'Add to Cart' }).click();
  await visitor.goto('/cart');
  await visitor.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await payAtCheckout(visitor, '$12.00', uniqueEmail('attribution-buyer'));
  await visitorContext.close();

  // The link's page: from the click to the sale.
  await page.goto(`/zerrilink-dashboard/links/${code}`);
  const funnel = page.getByRole('region', { name: 'From clicks to sales' });
  await expect(funnel.getByTestId('funnel-productViews')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-checkouts')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-sales')).toHaveText('1');
  await expect(funnel.getByTestId('funnel-revenue')).toHaveText('$12.00');
  await lookAt(page, 'link-funnel', (file) => testInfo.outputPath(file));

  // The overview: revenue by link and by UTM source.
  await page.goto('/dashboard');
  const byLink = page.getByRole('table', { name: 'Top links' });
  await expect(byLink.getByRole('row', { name: new RegExp(`${code}.*\\$12\\.00`) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By UTM source' }).getByRole('row', { name: /newsletter.*\$12\.00/ })).toBeVisible();
  await lookAt(page, 'overview-sources', (file) => testInfo.outputPath(file));
});

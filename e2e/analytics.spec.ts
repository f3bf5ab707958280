// Issue #46, Analytics: a creator whose product sold through one of their short links opens Analytics
// from the overview and reads the sale's revenue, the link among the sources and the day's figures as
// text. The stage is set through the API; the figures' sums have their own API tests (analytics.test.ts).
import { buyThroughApi, createConfirmedAccount, expect, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale through a short link shows in Analytics: its revenue, the link and its UTM source, the day’s figures', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const creatorEmail = uniqueEmail('analytics-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Ana Analytics', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const name = `Charted Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '12.00' });
  const made = await page.request.post('/api/links', { data: { url: `${baseURL}/store/product/${product.id}`, utm: { source: 'newsletter' } } });
  expect(made.status()).toBe(201);
  const { code } = (await made.json()) as { code: string };

  // A visitor follows the link, the product page counts their view (the server, as it writes a guest's
  // page: decision 037; the figures below show it), and they buy (through the API, as their browser).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/z/${code}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await buyThroughApi(visitor.request, { email: uniqueEmail('analytics-buyer'), productIds: [product.id] });
  await visitorContext.close();

  // From the overview's View Full Analytics.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View Full Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('analytics-revenue')).toHaveText('$12.00');
  await expect(page.getByTestId('analytics-sales')).toHaveText('1');
  const links = page.getByRole('table', { name: 'Short links' });
  await expect(links.getByRole('row', { name: new RegExp(`${code}.*1.*1.*\\$12\\.00`) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'UTM sources' }).getByRole('row', { name: /newsletter.*\$12\.00/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top products' }).getByRole('row', { name: new RegExp(`${name}.*\\$12\\.00`) })).toBeVisible();

  // The chart as text: today's row of the figures table.
  await page.getByText('Show the figures').click();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const figures = page.getByRole('table', { name: 'Revenue, sales, views and link clicks by day' });
  await expect(figures.getByRole('row', { name: new RegExp(`^${today} \\$12\\.00 1 1`) })).toBeVisible();

  // Another range and the product alone keep the sale; Custom asks for two days.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: name });
  await expect(page.getByTestId('analytics-revenue')).toHaveText('$12.00');
  await page.getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByLabel('From', { exact: true })).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toBeVisible();
  await expect(page.getByTestId('analytics-revenue')).toHaveText('$12.00');
  await lookAt(page, 'analytics', (file) => testInfo.outputPath(file));
});

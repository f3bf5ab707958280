// Issue #46, Sales: the creator's Sales page lists every sale; filtered by one of their short links it
// shows only the sale that came through it, and opens that sale's detail. The sales are made through
// the API (checkout has its own journeys); one of them by a visitor who followed the short link from
// another site, whose product view recorded that site: the sale shows it as its referrer.
import { buyThroughApi, createConfirmedAccount, expect, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('the Sales page filters by a short link and opens that sale’s detail', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const creatorEmail = uniqueEmail('sales-page-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Sam Sales', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const name = `Sales Brushes ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '12.00' });
  const made = await page.request.post('/api/links', { data: { url: `${baseURL}/store/product/${product.id}`, utm: { source: 'newsletter', medium: 'email' } } });
  expect(made.status()).toBe(201);
  const { code } = (await made.json()) as { code: string };

  // One buyer comes straight to the store; another follows the short link from a newsletter's site first
  // (its redirect remembers the click; the product page's view records the referring site).
  const directBuyer = uniqueEmail('sales-page-direct');
  const linkedBuyer = uniqueEmail('sales-page-linked');
  const directContext = await browser.newContext();
  await buyThroughApi(directContext.request, { email: directBuyer, productIds: [product.id] });
  await directContext.close();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // The newsletter's page, served by the test: its link is followed as a reader's click.
  await visitor.route('http://news.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Issue 7</title><a href="${baseURL}/z/${code}">Read more</a>` }),
  );
  await visitor.goto('http://news.example.com/issue/7');
  await visitor.getByRole('link', { name: 'Read more' }).click();
  await expect(visitor).toHaveURL(/utm_source=newsletter/);
  // The server wrote the guest's page and counted the view with its referring site (decision 037).
  await expect(visitor.locator('h1')).toBeVisible();
  await buyThroughApi(visitor.request, { email: linkedBuyer, productIds: [product.id] });
  await visitorContext.close();

  await page.goto('/dashboard/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Your sales, newest first' }).getByTestId('sale-row');
  await expect(rows).toHaveCount(2);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', '/api/sales/export.csv');

  // Filtered by the short link: only the sale through it, the filter kept in the address and the export.
  const filters = page.getByRole('search', { name: 'Filter sales' });
  await filters.getByLabel('Source').selectOption({ label: `${baseURL}/z/${code}` });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]source=link%3A\d+/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(linkedBuyer);
  await expect(rows.first()).toContainText(`/z/${code}`);
  await expect(rows.first()).toContainText('utm_source: newsletter');
  await expect(rows.first()).toContainText('Referrer: news.example.com');
  await expect(filters.getByLabel('Source').locator('option', { hasText: 'Referrer: news.example.com' })).toHaveAttribute('value', 'referrer:news.example.com');
  await expect(exportLink).toHaveAttribute('href', /^\/api\/sales\/export\.csv\?source=link%3A\d+$/);
  await expect(exportLink).toHaveAttribute('title', 'Export the sales these filters match as a CSV file');
  await lookAt(page, 'sales-page-filtered', (file) => testInfo.outputPath(file));

  // Its detail, by keyboard: the figures, the source, and the Refund button; Escape closes it.
  await page.getByRole('button', { name: `Details of the sale of ${name} to ${linkedBuyer}` }).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(linkedBuyer);
  await expect(detail).toContainText('$12.00');
  await expect(detail).toContainText('utm_source: newsletter');
  await expect(detail).toContainText('Referrer: news.example.com');
  await expect(detail).toContainText('No refunds.');
  await expect(detail.getByRole('button', { name: new RegExp(`Refund ${name}`) })).toBeVisible();
  await lookAt(page, 'sales-page-detail', (file) => testInfo.outputPath(file));
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // On a phone the sales are cards.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('sale-card')).toHaveCount(1);
});

// Issue #23, affiliates: a creator opens a product to affiliates at 30 %, another user joins and gets
// their own short link, a visitor follows it and buys with the test card, and the sale shows in both
// dashboards: the affiliate's page with the commission ($20.00 less the 1 % fee is $19.80; 30 % of it
// is $5.94), with a notification in the affiliate's bell, the creator's sales with what it took off their share.
import { buyThroughApi, createConfirmedAccount, expect, expectToast, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale through an affiliate’s link shows in both dashboards with its commission', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  const name = `Affiliate Brushes ${Date.now().toString(36)}`;

  // The creator opens the product to affiliates on its edit page.
  // Each person signs in through the API (signing in has its own journeys); their first page is one this journey is about.
  const creatorEmail = uniqueEmail('affiliate-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Cora Creator', role: 'creator' });
  await signInThroughApi(page.request, creatorEmail);
  const product = await uploadProduct(page.request, { name, price: '20.00' });
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const program = page.getByRole('form', { name: 'Affiliates' });
  await program.getByLabel('Open this product to affiliates').check();
  await program.getByLabel('Commission (%)').fill('30');
  await program.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Affiliate commission saved.');
  await lookAt(page, 'affiliates-product-form', out);

  // A second user: nothing promoted yet, then joins from the product page and gets their own link.
  const affiliateContext = await browser.newContext();
  const affiliate = await affiliateContext.newPage();
  const affiliateEmail = uniqueEmail('affiliate');
  await createConfirmedAccount(affiliate.request, { email: affiliateEmail, name: 'Abe Affiliate', role: 'user' });
  await signInThroughApi(affiliate.request, affiliateEmail);
  await affiliate.goto('/dashboard/affiliates');
  await expect(affiliate.getByText('You are not an affiliate of any product yet')).toBeVisible();
  await lookAt(affiliate, 'affiliates-empty', out);
  await affiliate.goto(`/store/product/${product.id}`);
  const offer = affiliate.getByRole('region', { name: 'Earn 30% promoting this product' });
  await expect(offer).toBeVisible();
  await lookAt(affiliate, 'affiliates-offer', out);
  await offer.getByRole('button', { name: 'Become an affiliate' }).click();
  await expectToast(affiliate, 'You are now an affiliate of this product.');
  const joined = affiliate.getByRole('region', { name: 'You are an affiliate of this product' });
  const shortUrl = (await joined.getByTestId('affiliate-link').textContent())!.trim();
  expect(shortUrl).toMatch(/\/z\/[A-Za-z0-9]+$/);
  await lookAt(affiliate, 'affiliates-joined', out);

  // A visitor follows the affiliate's link and buys with the test card: through the API as the visitor's
  // browser (the checkout screens have their own journeys), which sends the attribution cookie the link set.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(shortUrl);
  await expect(visitor).toHaveURL(new RegExp(`/store/product/${product.slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const orderId = await buyThroughApi(visitor.request, { email: uniqueEmail('affiliate-buyer'), productIds: [product.id] });
  const order = await visitor.request.get(`/api/orders/${orderId}`);
  expect(order.ok()).toBe(true);
  expect(await order.json()).toMatchObject({ order: { status: 'paid', totalCents: 2000 } });
  await visitorContext.close();

  // The affiliate's page: the click, the sale and the commission (clicks are written a moment later:
  // the page is opened once they are).
  await expect
    .poll(async () => ((await (await affiliate.request.get('/api/affiliates')).json()) as { items: { clicks: number }[] }).items[0]?.clicks, { timeout: 20_000 })
    .toBe(1);
  await affiliate.goto('/dashboard/affiliates');
  const row = affiliate.getByRole('listitem', { name });
  await expect(row.getByText('30% commission')).toBeVisible();
  await expect(row.getByText(shortUrl)).toBeVisible();
  await expect(row.getByTestId('affiliate-sales')).toHaveText('1');
  await expect(row.getByTestId('affiliate-earnings')).toHaveText('$5.94');
  await expect(affiliate.getByTestId('affiliate-total')).toHaveText('$5.94');
  await expect(row.getByTestId('affiliate-clicks')).toHaveText('1');
  await lookAt(affiliate, 'affiliates-page', out);
  // The bell tells the affiliate of the commission.
  await affiliate.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(affiliate.getByRole('menuitem', { name: new RegExp(`You earned \\$5\\.94 commission on a sale of ${name}`) })).toBeVisible();
  await lookAt(affiliate, 'affiliates-commission-notification', out);
  await affiliate.keyboard.press('Escape');

  // Paid out like any balance: it is on the affiliate's payouts page.
  await affiliate.getByRole('link', { name: 'Go to Payouts' }).click();
  await expect(affiliate.getByText('$5.94').first()).toBeVisible();
  await affiliateContext.close();

  // The creator's dashboard: the sale, with what the affiliate took off their share.
  // From the sidebar's Profile to its Sales History tab (the creator's page is still open: no new page load).
  await page.getByRole('navigation').getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Sales History' }).click();
  const sale = page.getByRole('row', { name: new RegExp(name) });
  await expect(sale.getByText('Affiliate commission $5.94')).toBeVisible();
  await lookAt(page, 'affiliates-creator-sales', out);
});

// Issue #42, hole 11: a commission paid out before its sale was refunded is a debt, shown as it is.
test('a refund after the commission was paid out shows a negative balance that holds payouts', async ({ page, playwright }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  const ok = async <T>(answer: Promise<import('@playwright/test').APIResponse>): Promise<T> => {
    const response = await answer;
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };

  // The stage, through the API: a $50.00 product open at 30 % ($14.85 a sale), a sale through the
  // affiliate's link, the affiliate's payout of it, then the creator's refund of the sale. Only the
  // affiliate (on `page`) has a browser: the creator and the visitor are API clients, the visitor's
  // keeping the attribution cookie the link's redirect set, as a browser does.
  const baseURL = testInfo.project.use.baseURL!;
  const creator = await playwright.request.newContext({ baseURL });
  const creatorEmail = uniqueEmail('debt-creator');
  await createConfirmedAccount(creator, { email: creatorEmail, name: 'Cora Creator', role: 'creator' });
  await signInThroughApi(creator, creatorEmail);
  const product = await uploadProduct(creator, { name: `Refunded Brushes ${Date.now().toString(36)}`, price: '50.00' });
  await ok(creator.put(`/api/affiliates/products/${product.id}`, { data: { commissionPercent: 30 } }));
  const affiliate = page;
  const affiliateEmail = uniqueEmail('debt-affiliate');
  await createConfirmedAccount(affiliate.request, { email: affiliateEmail, name: 'Abe Affiliate', role: 'user' });
  await signInThroughApi(affiliate.request, affiliateEmail);
  const { link } = await ok<{ link: { shortUrl: string } }>(affiliate.request.post(`/api/affiliates/products/${product.id}/join`, { data: {} }));
  const visitor = await playwright.request.newContext({ baseURL });
  const followed = await visitor.get(link.shortUrl);
  expect(followed.url()).toMatch(new RegExp(`/store/product/${product.slug}$`));
  const { orderId } = await ok<{ orderId: string }>(visitor.post('/api/checkout', { data: { email: uniqueEmail('debt-buyer'), productIds: [product.id] } }));
  await ok(visitor.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } }));
  await visitor.dispose();
  await ok(affiliate.request.put('/api/payouts/method', { data: { type: 'paypal', email: 'abe@example.com' } }));
  const paid = await ok<{ payout: { amountCents: number } }>(affiliate.request.post('/api/payouts', { data: {}, headers: { 'idempotency-key': `debt-${Date.now()}` } }));
  expect(paid.payout.amountCents).toBe(1485);
  const { items } = await ok<{ items: { id: string; productId: string }[] }>(creator.get('/api/my/sales'));
  const sale = items.find((item) => item.productId === product.id)!;
  await ok(creator.post(`/api/sales/${sale.id}/refund`, { data: {} }));
  await creator.dispose();

  // The affiliate's page: the balance as it is, and why payouts wait.
  await affiliate.goto('/dashboard/affiliates');
  await expect(affiliate.getByTestId('affiliate-balance')).toHaveText('-$14.85');
  await expect(affiliate.getByTestId('affiliate-total')).toHaveText('$0.00');
  const held = affiliate.getByRole('status').filter({ hasText: 'Payouts on hold' });
  await expect(held).toContainText('Refunds took back commissions that had already been paid out to you, so your balance is -$14.85.');
  await lookAt(affiliate, 'affiliates-negative-balance', out);

  // Payouts says the same and offers no payout.
  await affiliate.getByRole('link', { name: 'Go to Payouts' }).click();
  await expect(affiliate.getByRole('button', { name: 'Request Payout' })).toBeDisabled();
  await expect(affiliate.getByRole('status').filter({ hasText: 'Payouts On Hold' })).toContainText('Refunds or adjustments after earlier payouts left your balance at -$14.85.');
  await lookAt(affiliate, 'payouts-negative-balance', out);
});

// Issue #20 item 2: each role its own dashboard home and navigation. A buyer (role user) sees their
// purchases, following and community; a company its jobs and applicants; a creator keeps the store
// overview; Library is in the navigation of everyone who has bought something.
import type { Browser, Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, expect, logIn, seriousViolations, setTheme, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

/** The page at 360 px never scrolls sideways; screenshots at 360 px and 1366 px, dark and light. */
async function checkWidthsAndShoot(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, { path: testInfo.outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, 'dark');
  if (size) await page.setViewportSize(size);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard navigation' });

async function signedIn(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return page;
}

test('a buyer lands on their own home, without the selling tools, and gets Library once they have bought something', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const buyerEmail = uniqueEmail('buyer');
  const creatorEmail = uniqueEmail('seller');
  await createConfirmedAccount(page.request, { email: buyerEmail, name: 'Bea Buyer', role: 'user' });
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Iris Seller', role: 'creator' });

  await logIn(page, buyerEmail);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your purchases' })).toBeVisible();
  await expect(page.getByText('My Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByText('Creator Dashboard')).toHaveCount(0);
  await expect(page.getByText(/Here is how your store is doing/)).toHaveCount(0);
  await expect(page.getByText('You have not bought anything yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Following and community' })).toBeVisible();
  const nav = sidebar(page);
  for (const name of ['Upload Product', 'My Products', 'Payouts', 'Client Payments', 'Library']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
  for (const name of ['Home', 'Marketplace', 'Community', 'Settings']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Upload Product' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The creator puts a product on sale; the buyer pays for it with the test card.
  const creator = await signedIn(browser, creatorEmail);
  const created = await creator.request.post('/api/products', {
    multipart: { name: 'Focus Planner', price: '9.00', category: 'Templates', file: { name: 'planner.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 planner') } },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };
  const started = await page.request.post('/api/checkout', { data: { email: buyerEmail, productIds: [product.id] } });
  expect(started.status(), await started.text()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  const paid = await page.request.post(`/api/orders/${orderId}/pay`, { data: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.reload();
  await expect(nav.getByRole('link', { name: 'Library' })).toBeVisible();
  await expect(page.getByTestId('recent-purchase').filter({ hasText: 'Focus Planner' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await checkWidthsAndShoot(page, testInfo, 'buyer-home');

  // The creator keeps today's overview; Library is not theirs until they buy.
  await expect(creator.getByText(/Here is how your store is doing|This is your dashboard/)).toBeVisible();
  await expect(creator.getByText('Creator Dashboard')).toBeVisible();
  await expect(sidebar(creator).getByRole('link', { name: 'Upload Product' })).toBeVisible();
  await expect(sidebar(creator).getByRole('link', { name: 'Library' })).toHaveCount(0);
  expect(await seriousViolations(creator)).toEqual([]);
  await checkWidthsAndShoot(creator, testInfo, 'creator-home');
});

test('a company lands on its jobs home with Post a Job, its postings and their latest applicants', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const companyEmail = uniqueEmail('company');
  const applicantEmail = uniqueEmail('applicant');
  await createConfirmedAccount(page.request, { email: companyEmail, name: 'Northwind Studio', role: 'company' });
  await createConfirmedAccount(page.request, { email: applicantEmail, name: 'Ada Applicant', role: 'creator' });

  await logIn(page, companyEmail);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your jobs' })).toBeVisible();
  await expect(page.getByText('Company Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByText(/Here is how your store is doing/)).toHaveCount(0);
  await expect(page.getByText('You have not posted any jobs yet.')).toBeVisible();
  const nav = sidebar(page);
  for (const name of ['Upload Product', 'My Products', 'Payouts', 'Client Payments', 'Library']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'My Jobs' })).toBeVisible();

  const title = `Motion Designer ${Date.now().toString(36)}`;
  const posted = await page.request.post('/api/jobs', {
    data: { title, companyName: 'Northwind Studio', location: 'Remote', description: 'Animate launch videos.', skills: 'After Effects', employmentType: 'Contract', salaryRange: '', applyUrl: '', applyEmail: '' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { job } = (await posted.json()) as { job: { id: string } };
  // The applicant only applies (through the API, signed in there; the jobs specs walk through applying): no screen of theirs is looked at.
  await signInThroughApi(request, applicantEmail);
  const applied = await request.post(`/api/jobs/${job.id}/applications`, { multipart: { message: 'I would love to animate your launches.' } });
  expect(applied.status(), await applied.text()).toBe(201);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Your job postings' }).getByRole('listitem').filter({ hasText: title })).toContainText('1 application');
  await expect(page.getByRole('list', { name: 'Latest applications' })).toContainText('Ada Applicant');
  expect(await seriousViolations(page)).toEqual([]);
  await checkWidthsAndShoot(page, testInfo, 'company-home');
  await page.getByRole('main').getByRole('link', { name: 'Post a Job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/zerrijobs\?tab=post/);
});

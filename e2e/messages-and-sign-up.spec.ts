// Issue #20, items 7, 8 and 15: a message goes away when its cause does; signing up ends signed in
// on the dashboard (with a 'Resend confirmation e-mail' for whoever signs in too early); the AI
// studio's notice speaks to creators in plain words.
import type { Page, TestInfo } from '@playwright/test';
import { PRODUCT_MESSAGES } from '../src/shared/products.ts';
import { REVIEW_MESSAGES } from '../src/shared/products-reviews.ts';
import { createConfirmedAccount, expect, logInThroughForm, PASSWORD, seriousViolations, test, uniqueEmail } from './fixtures.ts';

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function expectToast(page: Page, title: string, description?: string) {
  const toast = toasts(page).filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** With SCREENSHOTS=1: the page at 360 px and 1366 px wide, for looking at (test-results/…). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A confirmed creator, signed in on `page` through the login form. */
async function signedInCreator(page: Page, name = 'Mira Maker') {
  const email = uniqueEmail('messages');
  await createConfirmedAccount(page.request, { email, name });
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

test('the upload form’s Missing Fields banner follows the fields and goes once they are all given', async ({ page }, testInfo) => {
  await signedInCreator(page);
  await page.goto('/dashboard/products/upload');
  const form = page.getByRole('form', { name: 'Upload product' });
  await form.getByRole('button', { name: 'Upload Product' }).click();
  const banner = form.getByRole('alert');
  await expect(banner).toHaveText(PRODUCT_MESSAGES.missingFields);
  await expectToast(page, 'Missing Fields', 'Product name, price, and product file are required.');
  await expect(form.getByText('Please enter a product name.')).toBeVisible();
  await shots(page, testInfo, 'upload-missing');

  // Each field's message goes as it is filled; the banner stays while anything is still missing.
  await form.getByLabel('Product Name').fill('Sunrise Presets');
  await expect(form.getByText('Please enter a product name.')).toHaveCount(0);
  await expect(banner).toHaveText(PRODUCT_MESSAGES.missingFields);
  await form.getByLabel('Price (USD)').fill('9.50');
  await expect(form.getByText('Please enter a price.')).toHaveCount(0);
  await expect(banner).toHaveText(PRODUCT_MESSAGES.missingFields);
  await form.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'presets.zip', mimeType: 'application/zip', buffer: Buffer.alloc(2048, 1) });
  await expect(form.getByText('Please choose the product file.')).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'Missing Fields' })).toHaveCount(0);
  await shots(page, testInfo, 'upload-fixed');

  // Emptied again, the name is missing again.
  await form.getByLabel('Product Name').fill('');
  await expect(form.getByRole('alert')).toHaveText(PRODUCT_MESSAGES.missingFields);
  await expect(form.getByText('Please enter a product name.')).toBeVisible();
});

test('a buyer is invited to write the first review, and the rating message goes once stars are chosen', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await signedInCreator(page, 'Rae Creator');
  const name = `Calm Sounds ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/products', {
    multipart: { name, price: '0', category: 'Templates', file: { name: 'calm.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(4096, 3) } },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };

  // Anyone who cannot review is told that buyers can.
  await page.goto(`/store/product/${product.id}`);
  await expect(page.getByText('No reviews yet. Buyers can rate this product once they have bought it.')).toBeVisible();

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('reviewer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bo Buyer', role: 'user' });
  await logInThroughForm(buyer, buyerEmail);
  await expect(buyer).toHaveURL(/\/dashboard$/);
  // A free product is paid at once.
  const order = await buyer.request.post('/api/checkout', { data: { email: buyerEmail, productIds: [product.id] } });
  expect(order.status()).toBe(201);
  expect(await order.json()).toMatchObject({ status: 'paid' });

  await buyer.goto(`/store/product/${product.id}`);
  const review = buyer.getByRole('form', { name: 'Write a review' });
  await expect(review).toBeVisible();
  await expect(review.getByText('You bought this product: be the first to review it.')).toBeVisible();
  await expect(buyer.getByText('No reviews yet. Buyers can rate this product once they have bought it.')).toHaveCount(0);
  await shots(buyer, testInfo, 'review-invite');

  await review.getByRole('button', { name: 'Post Review' }).click();
  await expect(review.getByText(REVIEW_MESSAGES.ratingInvalid)).toBeVisible();
  await review.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await expect(review.getByText(REVIEW_MESSAGES.ratingInvalid)).toHaveCount(0);
  expect(await seriousViolations(buyer)).toEqual([]);

  await review.getByLabel('Your review').fill('Soothing.');
  await review.getByRole('button', { name: 'Post Review' }).click();
  await expect(buyer.getByTestId('reviews-average')).toContainText('4 out of 5 from 1 review');
  await buyerContext.close();
});

test('sign-up shows its problems under the fields, without toasts, and each goes once fixed', async ({ page }, testInfo) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill('Ivy Inline');
  await form.getByLabel('Email').fill(uniqueEmail('inline'));
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await form.getByLabel('Confirm Password').fill('12345');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Password must be at least 6 characters.')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);

  // A longer password no longer matches its confirmation: that is said, and goes once it matches.
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(form.getByText('Password must be at least 6 characters.')).toHaveCount(0);
  await expect(form.getByText('Passwords do not match.')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await shots(page, testInfo, 'signup-mismatch');
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await expect(form.getByText('Passwords do not match.')).toHaveCount(0);

  // Changing the password back to a mismatch says so again, at once.
  await form.getByLabel('Password', { exact: true }).fill(`${PASSWORD}-x`);
  await expect(form.getByText('Passwords do not match.')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
});

test('signing in before confirming offers a new confirmation e-mail; its link signs in to a first Welcome, later ones say Welcome back', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('early');
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'Una Early', role: 'creator', callbackURL: '/auth?verified=1' } });
  expect(signUp.ok()).toBe(true);

  await logInThroughForm(page, email);
  const notice = page.getByRole('tabpanel', { name: 'Login' }).getByRole('status').filter({ hasText: 'Confirm your e-mail first' });
  await expect(notice).toContainText(`${email} is not confirmed yet.`);
  await expect(toasts(page).filter({ hasText: 'Login Failed' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, testInfo, 'login-unconfirmed');

  // A refused request says why, inline.
  await page.route('**/api/auth/send-verification-email', (route) =>
    route.fulfill({
      status: 429,
      json: { error: { code: 'rate_limited', message: 'Too many attempts. Please wait 30 seconds and try again.', params: { seconds: 30 } } },
    }),
  );
  await notice.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(notice.getByRole('alert')).toHaveText('The e-mail could not be sent: Too many attempts. Please wait 30 seconds and try again.');
  await page.unroute('**/api/auth/send-verification-email');

  await notice.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(notice).toContainText(`A new confirmation link is on its way to ${email}. It is valid for 24 hours.`);
  await expect(notice.getByRole('alert')).toHaveCount(0);
  await shots(page, testInfo, 'login-resent');
  await expect
    .poll(async () => ((await (await request.get('/dev/mailbox')).text()).match(new RegExp(`To ${email.replace(/[.+]/g, '\\$&')}`, 'g')) ?? []).length)
    .toBe(2);

  // Another address typed: the notice about this one goes.
  await page.getByRole('tabpanel', { name: 'Login' }).getByLabel('Email').fill(uniqueEmail('other'));
  await expect(notice).toHaveCount(0);

  // The newest link signs in and lands on the dashboard, greeting a first visit.
  await page.goto('/dev/mailbox');
  await page.locator('article', { hasText: `To ${email}` }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Una! This is your dashboard: your sales, products and tools in one place.')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  await shots(page, testInfo, 'dashboard-welcome');

  // Signed out and in again: Welcome back.
  await page.context().clearCookies();
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Login Successful', 'Welcome back, Una Early!');
  await expect(page.getByText('Welcome back, Una! Here is how your store is doing.')).toBeVisible();
});

test('the AI studio tells a creator in plain words that the assistant is not set up, without the server’s setting names', async ({ page }, testInfo) => {
  await signedInCreator(page, 'Cleo Creator');
  await page.route('**/api/ai/status', (route) => route.fulfill({ json: { configured: false, missingSettings: ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] } }));
  await page.goto('/dashboard/creator-tools/ai-builder');
  const notice = page.getByRole('status').filter({ hasText: 'The AI assistant is not available yet' });
  await expect(notice).toContainText("The AI assistant has not been set up on this site yet. Ask the site's administrator to turn it on.");
  await expect(page.getByRole('main')).not.toContainText('AI_BASE_URL');
  await expect(page.getByRole('main')).not.toContainText('AI_MODEL');
  await expect(page.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, testInfo, 'ai-not-configured');
});

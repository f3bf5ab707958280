// Issue #21: the creator replies to a buyer's review on the product page, everyone sees the reply;
// the creator exports their sales as CSV from the Sales page. With SCREENSHOTS=1 the product page
// and the Sales page are also saved at 360 px and 1366 px in dark and light, to be looked at.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { salesExportHeader } from '../src/shared/sales-export.ts';
import { createConfirmedAccount, expect, logIn, openPage, seriousViolations, setTheme, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function shots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, 'dark');
}

test('a buyer reviews, the creator replies on the product page and a visitor sees it; the creator exports the sale as CSV', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const creatorEmail = uniqueEmail('replier');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Rosa Maker', role: 'creator' });
  await logIn(page, creatorEmail);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const name = `Brush Set ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/products', {
    multipart: { name, price: '7.00', category: 'Graphics', file: { name: 'brushes.zip', mimeType: 'application/zip', buffer: Buffer.from('PK brushes') } },
  });
  expect(created.status()).toBe(201);
  const { id: productId, slug } = ((await created.json()) as { product: { id: string; slug: string } }).product;

  // The buyer pays through the API (commerce.spec.ts walks through checkout) and reviews on the product page.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('reviewer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bea Buyer', role: 'user' });
  // Signed in through the API: the buyer's first page is the product's.
  await signInThroughApi(buyer.request, buyerEmail);
  const checkout = await buyer.request.post('/api/checkout', { data: { email: buyerEmail, productIds: [productId] } });
  expect(checkout.status()).toBe(201);
  const { orderId } = (await checkout.json()) as { orderId: string };
  expect((await buyer.request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).status()).toBe(200);
  await buyer.goto(`/store/product/${productId}`);
  const review = buyer.getByRole('form', { name: 'Write a review' });
  await review.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await review.getByLabel('Your review').fill('Lovely brushes, =SUM(A1) included.');
  await review.getByRole('button', { name: 'Post Review' }).click();
  await expect(buyer.getByTestId('review')).toContainText('Lovely brushes');
  await buyerContext.close();

  // The creator replies under the review; an empty reply is refused by the form first.
  await openPage(page, `/store/product/${slug}`);
  const reviewItem = page.getByTestId('review').filter({ hasText: 'Lovely brushes' });
  await reviewItem.getByRole('button', { name: 'Reply to Bea Buyer' }).click();
  const form = reviewItem.getByRole('form', { name: 'Reply to this review' });
  await expect(form.getByLabel('Your public reply')).toBeFocused();
  // Closed and opened again, the reply field is focused again (every time it appears, not only once per page load).
  await form.getByRole('button', { name: 'Cancel' }).click();
  await reviewItem.getByRole('button', { name: 'Reply to Bea Buyer' }).click();
  await expect(form.getByLabel('Your public reply')).toBeFocused();
  await form.getByRole('button', { name: 'Post Reply' }).click();
  await expect(form.getByText('Please write a reply.')).toBeVisible();
  await expect(form.getByLabel('Your public reply')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'reply-form');
  await form.getByLabel('Your public reply').fill('  Thank you, Bea!  ');
  await form.getByRole('button', { name: 'Post Reply' }).click();
  await expect(reviewItem.getByTestId('review-reply')).toContainText('Reply from Rosa Maker');
  await expect(reviewItem.getByTestId('review-reply')).toContainText('Thank you, Bea!');
  await expect(reviewItem.getByRole('button', { name: 'Reply to Bea Buyer' })).toHaveCount(0);

  // A visitor sees the reply, in French too.
  const visitorContext = await browser.newContext({ locale: 'fr-FR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/store/product/${productId}`);
  const seen = visitor.getByTestId('review-reply');
  await expect(seen).toContainText('Réponse de Rosa Maker');
  await expect(seen).toContainText('Thank you, Bea!');
  await expect(visitor.getByRole('button', { name: /Répondre/ })).toHaveCount(0);
  expect(await seriousViolations(visitor)).toEqual([]);
  await shots(visitor, 'reply-shown');
  await visitorContext.close();

  // The Sales page downloads every sale as CSV.
  await openPage(page, '/dashboard/sales');
  await expect(page.getByTestId('sale-row').filter({ hasText: name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'sales-export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(`${lines[0]}\r\n`).toBe(salesExportHeader());
  expect(lines).toHaveLength(2);
  // No version, no discount code, nothing refunded.
  expect(lines[1]).toContain(`,${orderId},${name},,${buyerEmail},7.00,,0.00,0.00,0.00,0.07,0.00,6.93,USD,completed,`);
});

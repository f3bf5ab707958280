// Issue #22, e-mails to customers: a creator writes an update to the buyers of one product on the
// Audience page (test to self, send now); the buyer finds it in their library's Updates and in the
// mailbox, and unsubscribes through the mail's link. The buyer of another product gets nothing.
import { createConfirmedAccount, expect, expectToast, lookAt, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A purchase through the API as the signed-in client of `request` (the checkout has its own specs). */
async function buy(request: APIRequestContext, email: string, productId: string) {
  const started = await request.post('/api/checkout', { data: { email, productIds: [productId] } });
  expect(started.status()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  expect((await request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).ok()).toBe(true);
}

/** The creator's post with this subject, as GET /api/audience/posts answers it. */
async function postNamed(request: APIRequestContext, subject: string) {
  const answer = await request.get('/api/audience/posts');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: { subject: string; status: string }[] }).items.find((item) => item.subject === subject);
}

test('a creator sends an update to the buyers of one product; the buyer reads it and unsubscribes', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  // Each person signs in through the API (signing in has its own journeys); their first page is one this journey is about.
  const sellerEmail = uniqueEmail('audience-seller');
  await createConfirmedAccount(page.request, { email: sellerEmail, name: 'Ada Audience', role: 'creator' });
  await signInThroughApi(page.request, sellerEmail);
  const brushes = await uploadProduct(page.request, { name: `Brush Pack ${suffix}`, price: '4.00' });
  const fonts = await uploadProduct(page.request, { name: `Font Pack ${suffix}`, price: '6.00' });

  // The buyer of the brushes has an account; another buyer has only the fonts.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('audience-buyer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bea Buyer', role: 'user' });
  await signInThroughApi(buyer.request, buyerEmail);
  await buy(buyer.request, buyerEmail, brushes.id);
  const otherEmail = uniqueEmail('audience-other');
  await buy(page.request, otherEmail, fonts.id);

  // The Audience page: a post to the buyers of the brushes.
  await page.goto('/dashboard/audience');
  await expect(page.getByRole('heading', { name: 'Audience', level: 1 })).toBeVisible();
  await expect(page.getByText('No posts yet. Write your first one above.')).toBeVisible();
  const form = page.getByRole('form', { name: 'New post' });
  const subject = `New brushes ${suffix}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Post').fill('Ten **new** brushes are in your download.\n\n- Watercolour\n- Ink');
  await form.getByLabel('Send to').selectOption({ label: 'Buyers of a product' });
  await form.getByLabel('Product').selectOption({ label: `Brush Pack ${suffix}` });
  await expect(form.getByText('1 recipient', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('region', { name: 'Preview' }).locator('strong', { hasText: 'new' })).toBeVisible();
  await lookAt(page, 'audience-compose', (file) => testInfo.outputPath(file));
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Draft saved');

  const post = page.getByRole('article', { name: subject });
  await expect(post.getByTestId('post-status')).toHaveText('Draft');
  await post.getByRole('button', { name: 'Send test to me' }).click();
  await expectToast(page, 'Test sent to your e-mail');
  await post.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this post now?' });
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expectToast(page, 'Post on its way');
  // The queue sends it a moment later (the page does not follow it live): the page is reloaded once it has.
  await expect.poll(async () => (await postNamed(page.request, subject))?.status, { timeout: 30_000 }).toBe('sent');
  await page.reload();
  await expect(page.getByRole('article', { name: subject }).getByTestId('post-status')).toHaveText('Sent');
  await expect(page.getByRole('article', { name: subject }).getByRole('definition').first()).toHaveText('1');
  await lookAt(page, 'audience-posts', (file) => testInfo.outputPath(file));

  // The buyer: Updates in the library.
  await buyer.goto('/library');
  const updates = buyer.getByRole('region', { name: 'Updates' });
  await expect(updates.getByRole('heading', { name: subject })).toBeVisible();
  await expect(updates.getByText(/^From Ada Audience/)).toBeVisible();
  await expect(updates.locator('li', { hasText: 'Watercolour' }).first()).toBeVisible();

  // The mailbox: the buyer's mail (fixed subject, the creator's subject in the body); nothing to the fonts' buyer.
  await buyer.goto('/dev/mailbox');
  const mail = buyer.getByRole('article').filter({ hasText: `To ${buyerEmail}` }).filter({ hasText: subject });
  await expect(mail.getByRole('heading', { name: 'A new update from a creator on Zerri' })).toBeVisible();
  await expect(buyer.getByRole('article').filter({ hasText: `To ${otherEmail}` }).filter({ hasText: subject })).toHaveCount(0);
  await mail.getByRole('link', { name: /\/api\/audience\/unsubscribe\?token=/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(buyer.getByText(`Stop e-mails from this creator to ${buyerEmail}?`)).toBeVisible();
  await buyer.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(buyer.getByText('You are unsubscribed: this creator will not e-mail you again.')).toBeVisible();

  // A visitor signs up on the storefront with "Get updates": nothing is mailed to them but the confirmation link.
  // The buyer's browser with its cookies cleared: a visitor who never signed in (one browser fewer to start).
  await buyerContext.clearCookies();
  const visitor = buyer;
  const visitorEmail = uniqueEmail('audience-visitor');
  await visitor.goto(`/store/product/${brushes.id}`);
  const box = visitor.getByRole('region', { name: 'Get updates' });
  await box.getByLabel('Your e-mail, for news from Ada Audience').fill(visitorEmail);
  await box.getByRole('button', { name: 'Get updates' }).click();
  await expect(box.getByText('Check your inbox: we sent you a link to confirm.')).toBeVisible();
  await lookAt(visitor, 'audience-get-updates', (file) => testInfo.outputPath(file));
  await visitor.goto('/dev/mailbox');
  const confirmation = visitor.getByRole('article').filter({ hasText: `To ${visitorEmail}` });
  await expect(confirmation.getByRole('heading', { name: 'Confirm your sign-up on Zerri' })).toBeVisible();
  await confirmation.getByRole('link', { name: /\/api\/audience\/confirm\?token=/ }).click();
  await expect(visitor.getByText('Thanks! You will get this creator’s updates by e-mail.')).toBeVisible();
  await buyerContext.close();

  // The creator (one reload for both): the unsubscribe on the post, the product's buyers now nobody, and the new subscriber.
  await page.reload();
  const stats = page.getByRole('article', { name: subject }).getByRole('definition');
  await expect(stats.nth(5)).toHaveText('1'); // unsubscribed
  const again = page.getByRole('form', { name: 'New post' });
  await again.getByLabel('Send to').selectOption({ label: 'Buyers of a product' });
  await again.getByLabel('Product').selectOption({ label: `Brush Pack ${suffix}` });
  await expect(again.getByText('0 recipients', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E-mail subscribers' }).locator('..').getByText('1', { exact: true })).toBeVisible();
});

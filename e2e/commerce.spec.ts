import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, logIn, seriousViolations, test, uniqueEmail } from './fixtures.ts';

/** Random bytes in a file named like a real product, so "the exact bytes" means something. */
const productBytes = () => Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A creator signed in on `page`, with one product uploaded through the API; returns its id, name and bytes. */
async function creatorWithProduct(page: Page, options: { name: string; price: string }) {
  const email = uniqueEmail('seller');
  await createConfirmedAccount(page.request, { email, name: 'Iris Seller', role: 'creator' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const bytes = productBytes();
  const response = await page.request.post('/api/products', {
    multipart: {
      name: options.name,
      price: options.price,
      category: 'Templates',
      description: 'A planner for focused weeks.',
      file: { name: 'focus-planner.pdf', mimeType: 'application/pdf', buffer: bytes },
    },
  });
  expect(response.status()).toBe(201);
  const { product } = (await response.json()) as { product: { id: string } };
  return { id: product.id, name: options.name, bytes, email };
}

async function payWithCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card Number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a buyer pays with 4242…, downloads the file from the library and reviews it; the creator sees the sale live', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const product = await creatorWithProduct(page, { name: `Focus Planner ${Date.now().toString(36)}`, price: '12.50' });
  await expect(page.getByTestId('total-sales')).toHaveText('0');
  await expect(page.getByTestId('total-earnings')).toHaveText('$0.00');

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail('buyer');
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Bea Buyer', role: 'user' });
  await logIn(buyer, buyerEmail);
  await expect(buyer).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await buyer.goto(`/store/product/${product.id}`);
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(buyer, `${product.name} added to cart!`);
  await expect(buyer.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'In Cart – View Cart' })).toBeVisible();
  await shot(buyer, testInfo, 'product-page');

  // The cart is kept on the server: it survives a reload.
  await buyer.reload();
  await buyer.getByRole('link', { name: 'Cart (1)' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(buyer.getByTestId('cart-total')).toHaveText('$12.50');
  expect(await seriousViolations(buyer)).toEqual([]);
  await shot(buyer, testInfo, 'cart');

  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const checkout = buyer.getByRole('form', { name: 'Checkout' });
  await expect(checkout.getByLabel('Email')).toHaveValue(buyerEmail);
  expect(await seriousViolations(buyer)).toEqual([]);
  await shot(buyer, testInfo, 'checkout');
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(buyer).toHaveURL(/\/checkout\/ord_\w+$/);
  await expect(buyer.getByText('Pay with 4242 4242 4242 4242')).toBeVisible();
  expect(await seriousViolations(buyer)).toEqual([]);
  await shot(buyer, testInfo, 'payment');

  await payWithCard(buyer, '4242 4242 4242 4242');
  await expect(buyer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  // The creator's dashboard follows without a reload.
  await expect(page.getByTestId('total-sales')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('total-earnings')).toHaveText('$12.37'); // $12.50 less the 1% fee
  await expect(page.getByTestId('recent-activity')).toContainText(product.name);
  await expect(page.getByText('Platform fee (1% on the Free plan): $0.13')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, testInfo, 'dashboard');
  await expect(buyer.getByRole('link', { name: 'Cart (0)' })).toBeVisible();
  await shot(buyer, testInfo, 'paid');

  await buyer.getByRole('link', { name: 'Go to My Library' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  const item = buyer.getByTestId('library-item').filter({ hasText: product.name });
  expect(await seriousViolations(buyer)).toEqual([]);
  await shot(buyer, testInfo, 'library');
  const [download] = await Promise.all([buyer.waitForEvent('download'), item.getByRole('link', { name: `Download ${product.name}` }).click()]);
  expect(download.suggestedFilename()).toBe('focus-planner.pdf');
  expect(fs.readFileSync((await download.path())!).equals(product.bytes)).toBe(true);

  // A buyer reviews once; the product page and its card show the average.
  await item.getByRole('link', { name: `Write a Review ${product.name}` }).click();
  const review = buyer.getByRole('form', { name: 'Write a review' });
  await review.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await review.getByLabel('Your review').fill('Clear and practical.');
  await review.getByRole('button', { name: 'Post Review' }).click();
  await expect(buyer.getByTestId('reviews-average')).toContainText('4 out of 5 from 1 review');
  await expect(buyer.getByTestId('review').first()).toContainText('Clear and practical.');
  expect(await seriousViolations(buyer)).toEqual([]);
  await shot(buyer, testInfo, 'reviews');
  await buyer.goto(`/store?q=${encodeURIComponent(product.name)}`);
  await expect(buyer.getByTestId('card-rating').first()).toContainText('4 (1)');
  await buyerContext.close();

  // The admin overview counts it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(admin, ADMIN_EMAIL);
  await expect(admin).toHaveURL(/\/admin$/, { timeout: 30_000 });
  await expect(admin.getByTestId('recent-transactions')).toContainText(product.name);
  await expect(admin.getByTestId('recent-transactions')).toContainText('Iris Seller');
  expect(await seriousViolations(admin)).toEqual([]);
  await shot(admin, testInfo, 'admin');
  await adminContext.close();
});

test('an anonymous buyer is declined, then pays and downloads the exact bytes from the receipt mail', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const product = await creatorWithProduct(page, { name: `Sound Pack ${Date.now().toString(36)}`, price: '5.00' });
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestEmail = uniqueEmail('guest');

  await guest.goto(`/store/product/${product.id}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(guest.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await guest.reload(); // a guest's cart lives in the browser
  await guest.getByRole('link', { name: 'Cart (1)' }).click();
  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const checkout = guest.getByRole('form', { name: 'Checkout' });
  await checkout.getByLabel('Email').fill('not an email');
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(checkout.getByText('Please enter a valid email address.')).toBeVisible();
  await checkout.getByLabel('Email').fill(guestEmail);
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(guest).toHaveURL(/\/checkout\/ord_\w+$/);

  await payWithCard(guest, '4000 0000 0000 0002');
  await expect(guest.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await shot(guest, testInfo, 'declined');
  const sales = await page.request.get('/api/my/sales');
  expect((await sales.json()).items).toHaveLength(0);

  await payWithCard(guest, '4242 4242 4242 4242');
  await expect(guest.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Cart (0)' })).toBeVisible();

  const mailbox = await (await guest.request.get('/dev/mailbox')).text();
  const receipt = new RegExp(`To ${guestEmail.replace(/[.+]/g, '\\$&')}[\\s\\S]*?href="([^"]+/api/receipts/[\\w-]+/downloads/[^"]+)"`).exec(mailbox)?.[1];
  expect(receipt).toBeTruthy();
  const file = await guest.request.get(receipt!.replaceAll('&#38;', '&').replaceAll('&amp;', '&'));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('attachment; filename="focus-planner.pdf"');
  expect(Buffer.from(await file.body()).equals(product.bytes)).toBe(true);
  expect((await (await page.request.get('/api/my/sales')).json()).items).toHaveLength(1);
  await guestContext.close();
});

import type { Page, TestInfo } from '@playwright/test';
import { buyThroughApi, createConfirmedAccount, expect, openPage, seriousViolations, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

const escape = (text: string) => text.replace(/[.+]/g, '\\$&');

/** Full-page screenshots at a phone's and a laptop's width. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, { path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function payWithCard(page: Page) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

async function checkoutAndPay(page: Page) {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('form', { name: 'Checkout' }).getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/ord_\w+$/);
  await payWithCard(page);
}

test('a buyer owns what they bought, and buys it again only as a gift, whose receipt goes to the recipient', async ({ page, playwright }, testInfo) => {
  test.setTimeout(240_000);
  const name = `Owned Planner ${Date.now().toString(36)}`;
  // The seller only sets the stage: an API client, no browser.
  const seller = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const sellerEmail = uniqueEmail('seller');
  await createConfirmedAccount(seller, { email: sellerEmail, name: 'Olga Seller', role: 'creator' });
  await signInThroughApi(seller, sellerEmail);
  const created = await seller.post('/api/products', {
    multipart: { name, price: '6.00', category: 'Templates', file: { name: 'planner.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 owned') } },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string; slug: string } };
  await seller.dispose();

  const buyer = page;
  const buyerEmail = uniqueEmail('owner');
  // Signed in through the API (signing in has its own journeys): the first page is one this journey is about.
  await createConfirmedAccount(buyer.request, { email: buyerEmail, name: 'Omar Owner', role: 'user' });
  await signInThroughApi(buyer.request, buyerEmail);

  // The first purchase, through the API as the buyer's browser (the second one goes through the screens).
  const firstOrder = await buyThroughApi(buyer.request, { email: buyerEmail, productIds: [product.id] });
  expect((await (await buyer.request.get(`/api/orders/${firstOrder}`)).json()).order.status).toBe('paid');

  // The product page and the store card say so.
  await buyer.goto(`/store/product/${product.id}`);
  const owned = buyer.getByTestId('owned-actions');
  await expect(owned.getByText('You own this')).toBeVisible();
  await expect(owned.getByRole('link', { name: 'Go to My Library' })).toHaveAttribute('href', '/library');
  await expect(buyer.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  expect(await seriousViolations(buyer)).toEqual([]);
  await shots(buyer, testInfo, 'product-owned');
  // The store's search, opened in the app (no new page load).
  await openPage(buyer, `/store?q=${encodeURIComponent(name)}`);
  const card = buyer.getByTestId('product-card').filter({ hasText: name });
  await expect(card.getByTestId('owned-badge')).toHaveText('You own this');
  await shots(buyer, testInfo, 'store-owned');

  // Again, from the store's card (no new page load): the cart asks for a gift and refuses checkout without it.
  await card.getByRole('link', { name }).click();
  await expect(buyer).toHaveURL(new RegExp(`/store/product/${product.slug}$`));
  await buyer.getByRole('button', { name: 'Buy as a gift' }).click();
  await expect(buyer).toHaveURL(/\/cart$/);
  const line = buyer.getByTestId('cart-item').filter({ hasText: name });
  await expect(line.getByText('You already own this product.')).toBeVisible();
  const isGift = line.getByRole('checkbox', { name: 'This is a gift' });
  await expect(isGift).toBeChecked();
  await isGift.uncheck();
  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(buyer.getByRole('alert').filter({ hasText: `You already own ${name}.` })).toBeVisible();
  await expect(buyer).toHaveURL(/\/cart$/);
  await shots(buyer, testInfo, 'cart-refused');
  // No sideways scrolling on a phone (the screenshots end at 1366 px).
  await buyer.setViewportSize({ width: 360, height: 900 });
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await isGift.check();
  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(line.getByText('Please enter a valid email address.')).toBeVisible();
  const friend = uniqueEmail('friend');
  await line.getByLabel('Recipient’s e-mail').fill(friend);
  expect(await seriousViolations(buyer)).toEqual([]);
  await shots(buyer, testInfo, 'cart-gift');
  await checkoutAndPay(buyer);

  // The gift's own receipt page went to the recipient: the gift alone, from whom, its download, no price;
  // the buyer's receipt says where it went.
  let mailbox = '';
  const giftPage = new RegExp(`To ${escape(friend)}[\\s\\S]*?sent you a gift![\\s\\S]*?href="([^"]+/receipt/[\\w-]{43})"`);
  await expect.poll(async () => giftPage.test((mailbox = await (await buyer.request.get('/dev/mailbox')).text()))).toBe(true);
  await buyer.goto(giftPage.exec(mailbox)![1]!);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Your gift' })).toBeVisible();
  await expect(buyer.getByText(`A gift from ${buyerEmail}`)).toBeVisible();
  const gift = buyer.getByTestId('receipt-item');
  await expect(gift).toContainText(name);
  await expect(gift).not.toContainText('$6.00');
  const download = buyer.waitForEvent('download');
  await gift.getByRole('link', { name: `Download ${name}` }).click();
  expect((await download).suggestedFilename()).toBe('planner.pdf');
  expect(mailbox).toContain(`Sent as a gift to ${friend}.`);
});

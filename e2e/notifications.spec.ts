// Issue #22, the inbox: a guest buys a creator's product elsewhere (through the API: the checkout has
// its own journeys); the bell on the creator's dashboard shows it live, unread, with its text; "Mark all
// as read" clears the count.
import { buyThroughApi, createConfirmedAccount, expect, signInThroughApi, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale notification appears live in the creator’s bell', async ({ page, playwright }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  // The creator signs in through the API (signing in has its own journeys) and opens the dashboard.
  const email = uniqueEmail('bell-seller');
  await createConfirmedAccount(page.request, { email, name: 'Bo Bell', role: 'creator' });
  await signInThroughApi(page.request, email);
  const name = `Bell Presets ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '7.00' });
  // The page's event stream is open (the server listens for the user's events once it answers) before the sale.
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto('/dashboard');
  expect((await stream).status()).toBe(200);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();

  // The guest: no account, no browser of ours to watch, just the purchase.
  const guest = await playwright.request.newContext({ baseURL });
  await buyThroughApi(guest, { email: uniqueEmail('bell-guest'), productIds: [product.id] });
  await guest.dispose();

  // No reload: the event stream tells the bell.
  const unread = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(unread).toBeVisible({ timeout: 15_000 });
  await unread.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(`New sale: ${name} for \\$7\\.00`) })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Mark all as read' })).toHaveCount(0);
});

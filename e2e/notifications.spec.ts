// Issue #22, the inbox: a guest buys a creator's product in another browser; the bell on the
// creator's dashboard shows it live, unread, with its text; "Mark all as read" clears the count.
import { expect, payAtCheckout, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a sale notification appears live in the creator’s bell', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedInAs(page, { email: uniqueEmail('bell-seller'), name: 'Bo Bell', role: 'creator' });
  const name = `Bell Presets ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '7.00' });
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/store/product/${product.id}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await guest.getByRole('link', { name: 'Cart (1)' }).click();
  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await payAtCheckout(guest, /^Pay \$/, uniqueEmail('bell-guest'));
  await guestContext.close();

  // No reload: the event stream tells the bell.
  const unread = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(unread).toBeVisible({ timeout: 15_000 });
  await unread.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(`New sale: ${name} for \\$7\\.00`) })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Mark all as read' })).toHaveCount(0);
});

// Issue #21, pay what you want: a creator sets a minimum and a suggested price in the product form; a
// buyer names an amount on the product page (too little is refused in their words), changes it in the
// cart, and pays exactly that; the card in the marketplace reads "$5.00+".
import type { Page } from '@playwright/test';
import { createConfirmedAccount, expect, logInThroughForm, seriousViolations, setTheme, test, uniqueEmail } from './fixtures.ts';

async function expectToast(page: Page, title: string) {
  await expect(page.locator('[data-sonner-toast]', { hasText: title }).first()).toBeVisible();
}

test('a buyer names their price from the minimum up and pays what they named', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const creatorEmail = uniqueEmail('pwyw-seller');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Pia Pays', role: 'creator' });
  await logInThroughForm(page, creatorEmail);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const name = `Tip Jar Zine ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/products', {
    multipart: { name, price: '9.00', category: 'eBook', file: { name: 'zine.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 zine') } },
  });
  const { product } = (await created.json()) as { product: { id: string } };

  // The creator turns pay what you want on: the price becomes the minimum, with a suggestion.
  await page.goto(`/dashboard/products/${product.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit product' });
  await form.getByRole('checkbox', { name: 'Let buyers pay what they want' }).check();
  await form.getByLabel('Minimum price (USD)').fill('5');
  await form.getByLabel('Suggested price (USD)').fill('4');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The suggested price must be at least the minimum price.').first()).toBeVisible();
  await form.getByLabel('Suggested price (USD)').fill('12');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Product Updated');

  // A guest sees "$5.00 or more" and the suggested $12.00 in the amount field.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/store/product/${product.id}`);
  await expect(guest.getByTestId('product-price')).toContainText('$5.00 or more');
  const amount = guest.getByLabel('Name a fair price');
  await expect(amount).toHaveValue('12.00');
  await amount.fill('3');
  await expect(guest.getByText(`Please pay at least $5.00 for ${name}.`)).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await amount.fill('7.50');
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(guest, theme);
    expect(await seriousViolations(guest)).toEqual([]);
  }
  await guest.screenshot({ path: testInfo.outputPath('product-page.png'), fullPage: true });
  await guest.getByRole('button', { name: 'Add to Cart' }).click();

  // In the cart the amount can change again; the total follows.
  await guest.goto('/cart');
  await expect(guest.getByTestId('cart-total')).toHaveText('$7.50');
  const inCart = guest.getByTestId('cart-item').getByLabel('Name a fair price');
  await inCart.fill('15');
  await expect(guest.getByTestId('cart-total')).toHaveText('$15.00');
  await guest.screenshot({ path: testInfo.outputPath('cart.png'), fullPage: true });

  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(guest.getByTestId('cart-total')).toHaveText('$15.00');
  const checkout = guest.getByRole('form', { name: 'Checkout' });
  await checkout.getByLabel('Email').fill(uniqueEmail('pwyw-buyer'));
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  const card = guest.getByRole('form', { name: 'Card payment' });
  await card.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Pay $15.00' }).click();
  await expect(guest.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The marketplace card says the minimum with a plus.
  await guest.goto(`/store?q=${encodeURIComponent(name)}`);
  await expect(guest.getByTestId('product-card').filter({ hasText: name })).toContainText('$5.00+');
  await guestContext.close();

  // The creator's sale is the amount paid.
  await page.goto('/dashboard/profile?tab=client-history');
  await expect(page.getByTestId('sale-row').filter({ hasText: name })).toContainText('$15.00');
});

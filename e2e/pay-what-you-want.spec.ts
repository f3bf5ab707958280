// Issue #21, pay what you want: a creator sets a minimum and a suggested price in the product form; a
// buyer names an amount on the product page (too little is refused in their words), changes it in the
// cart, and pays exactly that; the card in the marketplace reads "$5.00+".
import { expect, expectToast, lookAt, payAtCheckout, signedInAs, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a buyer names their price from the minimum up and pays what they named', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const creatorEmail = uniqueEmail('pwyw-seller');
  await signedInAs(page, { email: creatorEmail, name: 'Pia Pays', role: 'creator' });
  const name = `Tip Jar Zine ${Date.now().toString(36)}`;
  const product = await uploadProduct(page.request, { name, price: '9.00' });

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
  await lookAt(guest, 'product-page', (file) => testInfo.outputPath(file));
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(guest, `${name} added to cart!`);

  // In the cart the amount can change again; the total follows.
  await guest.goto('/cart');
  await expect(guest.getByTestId('cart-total')).toHaveText('$7.50');
  const inCart = guest.getByTestId('cart-item').getByLabel('Name a fair price');
  await inCart.fill('15');
  await expect(guest.getByTestId('cart-total')).toHaveText('$15.00');
  await lookAt(guest, 'cart', (file) => testInfo.outputPath(file));

  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(guest.getByTestId('cart-total')).toHaveText('$15.00');
  await payAtCheckout(guest, '$15.00', uniqueEmail('pwyw-buyer'));

  // The marketplace card says the minimum with a plus.
  await guest.goto(`/store?q=${encodeURIComponent(name)}`);
  await expect(guest.getByTestId('product-card').filter({ hasText: name })).toContainText('$5.00+');
  await guestContext.close();

  // The creator's sale is the amount paid.
  await page.goto('/dashboard/profile?tab=client-history');
  await expect(page.getByTestId('sale-row').filter({ hasText: name })).toContainText('$15.00');
});

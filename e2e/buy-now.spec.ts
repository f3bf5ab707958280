import { createSignedInAccount, expect, lookAt, test, uniqueEmail, uploadProduct } from './fixtures.ts';

// Issue #44: from a product page to a paid order in one screen, and the purchase ends on its receipt
// page, where the buyer downloads. The stage (a creator and a product) is set through the API.
test('a guest buys with Buy now in one screen, at 1366 and 360 px, downloads from the receipt page, gets the receipt again from the library page, makes an account from the receipt that finds the purchase in the library, and buys again in two clicks', async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const creatorEmail = uniqueEmail('buy-now-creator');
  await createSignedInAccount(request, { email: creatorEmail, name: 'Maya Patel' });
  const name = `Field Recordings ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, {
    name,
    price: '12',
    category: 'Audio',
    file: { name: 'field-recordings.zip', mimeType: 'application/zip', buffer: Buffer.from('PK field recordings') },
  });
  const second = await uploadProduct<{ id: string; slug: string; name: string }>(request, {
    name: `Night Recordings ${Date.now().toString(36)}`,
    price: '5',
    category: 'Audio',
    file: { name: 'night-recordings.zip', mimeType: 'application/zip', buffer: Buffer.from('PK night recordings') },
  });

  for (const width of [1366, 360]) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`/store/product/${product.id}`);
    // The product page with Buy now beside Add to Cart, at both widths and in both themes.
    if (width === 1366) await lookAt(page, 'product-buy-now', (file) => testInfo.outputPath(file), [1366, 360]);
    await page.getByRole('button', { name: 'Buy now' }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
    await expect(dialog).toBeVisible();
    // The price before paying is the one charged: the Pay button says the total shown.
    await expect(dialog.getByTestId('order-total')).toHaveText('$12.00');
    const amount = '$12.00';
    if (width < 600) {
      // On a phone the dialog is the whole screen.
      const box = (await dialog.boundingBox())!;
      expect(Math.round(box.width)).toBe(width);
      expect(box.x).toBe(0);
    }
    if (width === 1366) await lookAt(page, 'buy-now-dialog', (file) => testInfo.outputPath(file), [1366, 360]);

    const email = uniqueEmail(`buy-now-guest-${width}`);
    // Pay before the e-mail: the error is next to its field, and nothing was charged.
    const card = dialog.getByRole('form', { name: 'Card payment' });
    await card.getByLabel('Card Number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/valid email/);
    await dialog.getByLabel('Email').fill(email);
    // A declined card is said on the card's form; the same order is paid with the next card.
    await card.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(card.getByText('Your card was declined.')).toBeVisible();
    await card.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: `Pay ${amount}` }).click();

    await expect(page).toHaveURL(/\/receipt\/[\w-]{43}$/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your receipt' })).toBeVisible();
    await expect(page.getByText('From Maya Patel')).toBeVisible();
    const item = page.getByTestId('receipt-item');
    await expect(item).toContainText(name);
    await expect(item).toContainText(amount);
    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: `Download ${name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('field-recordings.zip');
    if (width === 1366) await lookAt(page, 'receipt', (file) => testInfo.outputPath(file), [1366, 360]);

    if (width < 600) {
      // The receipt mail lost: the library page of a guest mails the receipts of their address again.
      await page.getByRole('link', { name: 'Go to My Library' }).click();
      await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
      const resend = page.getByRole('form', { name: 'Lost your receipt?' });
      await resend.getByLabel('Email').fill(email);
      await resend.getByRole('button', { name: 'Send my receipts' }).click();
      await expect(resend.getByText('If this address bought anything here, its receipts are on their way to it.')).toBeVisible();
      await lookAt(page, 'library-resend', (file) => testInfo.outputPath(file), [360, 1366]);
      // The mail goes out through the task queue: the mailbox is asked until it is there.
      const resent = new RegExp(`<h2>Your receipts on Zerri</h2>\\s*<p class="meta">To ${email.replace(/[.+]/g, '\\$&')} [\\s\\S]*?href="([^"]+/receipt/[\\w-]{43})"`);
      let link: string | undefined;
      await expect.poll(async () => (link = resent.exec(await (await page.request.get('/dev/mailbox')).text())?.[1])).toBeTruthy();
      await page.goto(link!);
      await expect(page.getByRole('heading', { level: 1, name: 'Your receipt' })).toBeVisible();
      await expect(page.getByTestId('receipt-item')).toContainText(name);
    }

    // Add to my library: a sign-in link to the receipt's address makes the guest's account, no password,
    // and the purchase is in its library.
    const keep = page.getByRole('heading', { name: 'Keep it in your library' }).locator('..');
    await keep.getByRole('button', { name: 'Add to my library' }).click();
    await expect(keep.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
    const signIn = new RegExp(`<h2>Your Zerri library: sign in</h2>\\s*<p class="meta">To ${email.replace(/[.+]/g, '\\$&')} [\\s\\S]*?href="([^"]+/magic-link/verify[^"]+)"`);
    let signInLink: string | undefined;
    await expect.poll(async () => (signInLink = signIn.exec(await (await page.request.get('/dev/mailbox')).text())?.[1])).toBeTruthy();
    await page.goto(signInLink!.replace(/&(amp|#38);/g, '&'));
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
    await expect(page.getByTestId('library-item').filter({ hasText: name })).toBeVisible();

    if (width === 1366) {
      // Now a returning buyer: Buy now has their e-mail, and two clicks (Buy now, Pay) make a paid order.
      await page.goto(`/store/product/${second.slug}`);
      await page.getByRole('button', { name: 'Buy now' }).click();
      const again = page.getByRole('dialog', { name: `Buy ${second.name}` });
      await expect(again.getByLabel('Email')).toHaveValue(email);
      const secondCard = again.getByRole('form', { name: 'Card payment' });
      await secondCard.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await secondCard.getByLabel('Expiry (MM/YY)').fill('12/34');
      await secondCard.getByLabel('CVC').fill('123');
      await secondCard.getByRole('button', { name: 'Pay $5.00' }).click();
      await expect(page).toHaveURL(/\/receipt\/[\w-]{43}$/);
      await expect(page.getByTestId('receipt-item')).toContainText(second.name);
    }

    // One order per purchase, paid once, for that address.
    const mine = await request.get('/api/my/sales');
    expect(mine.ok()).toBe(true);
    const sales = ((await mine.json()) as { items: { buyerEmail: string; productName: string }[] }).items.filter((sale) => sale.buyerEmail === email);
    expect(sales.map((sale) => sale.productName).sort()).toEqual(width === 1366 ? [name, second.name].sort() : [name]);
    await context.close();
  }
});

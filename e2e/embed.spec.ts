import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { embedSnippet } from '../src/shared/embed.ts';
import { productPath } from '../src/shared/products.ts';
import { baseURL } from '../playwright.config.ts';
import { createSignedInAccount, expect, fillTestCard, lookAt, shot, test, uniqueEmail, uploadProduct } from './fixtures.ts';

/** A creator's own website: a plain HTML page with the embed's snippet, on another site than the app's. */
async function creatorSite(snippet: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Maya's music</title></head>
<body style="font-family:sans-serif;margin:2rem"><main><h1>Maya's music</h1><p>Recordings from the field.</p><p>${snippet}</p></main></body></html>`;
  const server = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // 127.0.0.1 and the app's localhost are different sites: the frame is cross-site, as on a real creator's page.
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// Issue #44: the same Buy now screen opens from a creator's own website (the embed), from a storefront
// card, and from a product page opened with ?embed=1. The stage is set through the API.
test('a guest buys in the embed’s overlay on a creator’s own site at 1366 and 360 px, from a storefront card, and on a product page opened with ?embed=1', async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  await createSignedInAccount(request, { email: uniqueEmail('embed-creator'), name: 'Maya Patel' });
  const name = `Field Recordings ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, {
    name,
    price: '12',
    category: 'Audio',
    file: { name: 'field-recordings.zip', mimeType: 'application/zip', buffer: Buffer.from('PK field recordings') },
  });
  const label = 'Buy Field Recordings';
  const site = await creatorSite(embedSnippet(baseURL, productPath(product), label));

  try {
    for (const width of [1366, 360]) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(site.url);
      const link = page.getByRole('link', { name: label });
      await link.click();
      // The overlay over the creator's page: the Buy now screen in a frame, the focus in its e-mail field.
      const overlay = page.getByRole('dialog', { name: label });
      await expect(overlay).toBeVisible();
      const frameElement = overlay.locator('iframe');
      const frame = frameElement.contentFrame();
      await expect(frame.getByRole('heading', { level: 1, name: `Buy ${name}` })).toBeVisible();
      await expect(frame.getByLabel('Email')).toBeFocused();
      await expect(frame.getByTestId('order-total')).toHaveText('$12.00');
      const box = (await frameElement.boundingBox())!;
      if (width < 600) {
        // On a phone the frame is the whole screen.
        expect(Math.round(box.width)).toBe(width);
        expect(Math.round(box.height)).toBe(780);
      } else {
        expect(box.width).toBeLessThanOrEqual(560);
        // The frame grows to its content (the frame's height messages), within the window.
        await expect.poll(async () => Math.round((await frameElement.boundingBox())!.height)).toBeGreaterThan(640);
      }
      // The page behind cannot be reached while the overlay is open.
      await expect(page.getByRole('main')).toHaveJSProperty('inert', true);
      if (width === 1366) await lookAt(page, 'embed-overlay', (file) => testInfo.outputPath(file), [1366, 360]);

      const email = uniqueEmail(`embed-guest-${width}`);
      await frame.getByLabel('Email').fill(email);
      const card = frame.getByRole('form', { name: 'Card payment' });
      await card.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await card.getByLabel('Expiry (MM/YY)').fill('12/34');
      await card.getByLabel('CVC').fill('123');
      await card.getByRole('button', { name: 'Pay $12.00' }).click();

      // The receipt in the frame (under /embed/, so it may be framed), with its download.
      await expect(frame.getByRole('heading', { level: 1, name: 'Your receipt' })).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      await expect(frame.getByText('From Maya Patel')).toBeVisible();
      const receiptPath = new URL(page.frames().find((candidate) => candidate.url().includes('/embed/receipt/'))!.url()).pathname;
      expect(receiptPath).toMatch(/^\/embed\/receipt\/[\w-]{43}$/);
      const item = frame.getByTestId('receipt-item');
      await expect(item).toContainText(name);
      await shot(page, { path: testInfo.outputPath(`embed-overlay-receipt-${width}.png`) });
      const download = page.waitForEvent('download');
      await item.getByRole('link', { name: `Download ${name}` }).click();
      expect((await download).suggestedFilename()).toBe('field-recordings.zip');
      // The library is another page of ours (not framable): it opens in a new tab.
      await expect(frame.getByRole('link', { name: 'Go to My Library' })).toHaveAttribute('target', '_blank');

      // Closed (Esc inside the frame; the close button on a phone), the focus is back on the link.
      if (width === 1366) await page.keyboard.press('Escape');
      else await overlay.getByRole('button', { name: 'Close' }).click();
      await expect(overlay).toBeHidden();
      await expect(link).toBeFocused();
      await expect(page.getByRole('main')).toHaveJSProperty('inert', false);

      if (width === 1366) {
        // The frame's own pages in both themes: the Buy now screen and the receipt.
        const direct = await context.newPage();
        await direct.goto(`/embed/product/${product.id}`);
        await expect(direct.getByRole('heading', { level: 1, name: `Buy ${name}` })).toBeVisible();
        await expect(direct.getByTestId('order-total')).toHaveText('$12.00');
        await lookAt(direct, 'embed-buy-now', (file) => testInfo.outputPath(file), [1366, 360]);
        await direct.goto(receiptPath);
        await expect(direct.getByTestId('receipt-item')).toContainText(name);
        await lookAt(direct, 'embed-receipt', (file) => testInfo.outputPath(file), [1366, 360]);
        await direct.close();
      }

      // One order, paid once, for that address.
      const sales = ((await (await request.get('/api/my/sales')).json()) as { items: { buyerEmail: string }[] }).items.filter((sale) => sale.buyerEmail === email);
      expect(sales).toHaveLength(1);
      await context.close();
    }
  } finally {
    await site.close();
  }

  // A storefront card's Buy now, by keyboard: the same dialog, and on to the receipt page.
  const details = (await (await request.get(`/api/products/${product.id}`)).json()) as { product: { creator: { id: string } } };
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/store/creator/${details.product.creator.id}`);
  const productCard = page.getByTestId('product-card').filter({ hasText: name });
  await productCard.getByRole('link', { name }).focus();
  await page.keyboard.press('Tab');
  const cardButton = productCard.getByRole('button', { name: `Buy now: ${name}` });
  await expect(cardButton).toBeFocused();
  await lookAt(page, 'storefront-card-buy-now', (file) => testInfo.outputPath(file), [1366, 360]);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Buy ${name}` });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cardButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('order-total')).toHaveText('$12.00');
  const email = uniqueEmail('card-guest');
  await dialog.getByLabel('Email').fill(email);
  await fillTestCard(page);
  await dialog.getByRole('form', { name: 'Card payment' }).getByRole('button', { name: 'Pay $12.00' }).click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]{43}$/);
  await expect(page.getByTestId('receipt-item')).toContainText(name);

  // The snippet's link without the script: the product page opens with Buy now open; closed, it stays closed.
  await page.goto(`${productPath(product)}?embed=1`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${productPath(product)}$`));
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await context.close();
});

// Issue #21: a product page shows a gallery (the cover, then the creator's images, in their order) and
// the description formatted from Markdown, with no script or raw HTML from it.
import sharp from 'sharp';
import { createConfirmedAccount, expect, logIn, seriousViolations, setTheme, shot, test, uniqueEmail } from './fixtures.ts';

const png = async (background: string) => ({
  name: `${background.slice(1)}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 400, channels: 3, background } }).png().toBuffer(),
});

test('a creator adds gallery images and a Markdown description; the page shows both, safely', async ({ page, request }) => {
  const email = uniqueEmail('gallery');
  await createConfirmedAccount(request, { email, name: 'Gala Gallery' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A script in the description must never run: it would set this.
  await page.addInitScript(() => Object.defineProperty(window, 'descriptionScriptRan', { value: false, writable: true }));

  await page.goto('/dashboard/products/upload');
  const form = page.getByRole('form', { name: 'Upload product' });
  await form.getByLabel('Product Name').fill('Gallery Guide');
  await form.getByLabel('Price (USD)').fill('9');
  await form
    .getByLabel('Description')
    .fill('# What you get\n\n- **Forty** pages\n- A [checklist](https://example.com/list)\n\n<script>window.descriptionScriptRan = true</script>\n\n[bad](javascript:window.descriptionScriptRan=true)');
  await form.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 guide') });

  // Preview tab: the Markdown formatted, the script as text.
  await form.getByRole('tab', { name: 'Preview' }).click();
  const preview = form.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'What you get' })).toBeVisible();
  await expect(preview.getByText('<script>window.descriptionScriptRan = true</script>')).toBeVisible();
  await form.getByRole('tab', { name: 'Write' }).click();

  // Two gallery images, then the second moved first with the keyboard-reachable button.
  await form.getByLabel('Add images').setInputFiles([await png('#dc2626'), await png('#2563eb')]);
  const items = form.getByTestId('gallery-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('dc2626.png');
  await form.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(items.nth(0)).toContainText('2563eb.png');
  await expect(form.getByRole('button', { name: 'Move image 1 down' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Upload Product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  const { items: mine } = (await (await page.request.get('/api/my/products')).json()) as { items: { id: string; name: string }[] };
  const productId = mine.find((item) => item.name === 'Gallery Guide')!.id;
  await page.goto(`/store/product/${productId}`);

  // The formatted description, with no script element and the unsafe link as plain text.
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByRole('heading', { level: 3, name: 'What you get' })).toBeVisible();
  await expect(description.getByRole('listitem')).toHaveCount(2);
  await expect(description.locator('strong')).toHaveText('Forty');
  const link = description.getByRole('link', { name: /checklist/ });
  await expect(link).toHaveAttribute('href', 'https://example.com/list');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(description.getByText('<script>window.descriptionScriptRan = true</script>')).toBeVisible();
  await expect(description.getByRole('link', { name: 'bad' })).toHaveCount(0);
  expect(await page.locator('main script, main iframe').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { descriptionScriptRan: boolean }).descriptionScriptRan)).toBe(false);

  // The gallery: the cover and the two images; the thumbnails switch the main image, and so do the arrow keys.
  const gallery = page.getByRole('region', { name: 'Product images' });
  const main = gallery.getByTestId('product-main-image');
  await expect(gallery.getByRole('button', { name: /^Show image \d of 3$/ })).toHaveCount(3);
  await expect(main).toHaveAttribute('alt', 'Gallery Guide, image 1 of 3');
  await gallery.getByRole('button', { name: 'Show image 2 of 3' }).click();
  await expect(main).toHaveAttribute('alt', 'Gallery Guide, image 2 of 3');
  await expect(gallery.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
  const blue = await main.getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAttribute('alt', 'Gallery Guide, image 3 of 3');
  await expect(gallery.getByRole('button', { name: 'Show image 3 of 3' })).toBeFocused();
  expect(await main.getAttribute('src')).not.toBe(blue);
  // The image moved first in the form (blue) is the gallery's first, after the cover.
  const shown = await page.request.get(blue!);
  const { dominant } = await sharp(await shown.body()).stats();
  expect(dominant.b).toBeGreaterThan(200);
  expect(dominant.r).toBeLessThan(100);

  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    expect(await seriousViolations(page), theme).toEqual([]);
  }

  // On a 360 px phone: no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(main).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, { path: test.info().outputPath('product-gallery-360-light.png'), fullPage: true });
  await setTheme(page, 'dark');
  await shot(page, { path: test.info().outputPath('product-gallery-360-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: test.info().outputPath('product-gallery-1366-dark.png'), fullPage: true });
  await setTheme(page, 'light');
  await shot(page, { path: test.info().outputPath('product-gallery-1366-light.png'), fullPage: true });

  // The edit form shows the saved gallery in its order; removing an image there removes it from the page.
  await page.goto(`/dashboard/products/${productId}/edit`);
  const edit = page.getByRole('form', { name: 'Edit product' });
  await expect(edit.getByTestId('gallery-item')).toHaveCount(2);
  await shot(edit, { path: test.info().outputPath('product-form-1366-light.png') });
  await edit.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(edit.getByTestId('gallery-item')).toHaveCount(1);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await page.goto(`/store/product/${productId}`);
  await expect(page.getByRole('region', { name: 'Product images' }).getByRole('button', { name: /^Show image \d of 2$/ })).toHaveCount(2);
});

import type { Page } from '@playwright/test';
import { createConfirmedAccount, expect, logIn, seriousViolations, test, uniqueEmail, shot } from './fixtures.ts';

// Issue #20 "The store looks unfinished": a cover that is the category's picture, titles over two lines
// with the whole title at hand, one category name on chip and badge, and view counts only for the creator.
// Marketplace, storefront and product page at 360 and 1366 px, dark and light.

const LONG_TITLE = 'Instagram Carousel Templates for Creators Who Post Every Single Day';

async function useTheme(page: Page, theme: 'dark' | 'light') {
  await page.addInitScript((chosen) => window.localStorage.setItem('zerri.theme', chosen), theme);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('the store’s cards, covers, category names and view counts, at 360 and 1366 px in both themes', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('look');
  const word = `look${Date.now().toString(36)}`;
  const name = `${LONG_TITLE} ${word}`;
  await createConfirmedAccount(page.request, { email, name: 'Iris Look' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // No cover uploaded: the product gets its category's picture.
  const created = await page.request.post('/api/products', {
    multipart: {
      name,
      price: '24',
      category: 'Graphics',
      description: 'Fifty editable carousel layouts that keep readers swiping.',
      tags: `Marketing, ${word}`,
      file: { name: 'carousel.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') },
    },
  });
  expect(created.ok()).toBe(true);
  const { product } = (await created.json()) as { product: { id: string } };
  const slug = ((await (await page.request.get('/api/me')).json()) as { user: { storefrontSlug: string } }).user.storefrontSlug;

  for (const width of [360, 1366]) {
    for (const theme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await context.newPage();
      await visitor.addInitScript(() => window.localStorage.setItem('zerri.constructionNoticeSeen', '1'));
      await useTheme(visitor, theme);
      const shot = (what: string) => visitor.screenshot({ path: test.info().outputPath(`${what}-${width}-${theme}.png`), fullPage: true });

      // Marketplace: the title wraps to two lines at most, whole in the tooltip; one name on the chip.
      await visitor.goto(`/store?q=${word}`);
      const card = visitor.getByTestId('product-card').filter({ hasText: word });
      const heading = card.getByRole('heading', { name });
      await expect(heading).toHaveAttribute('title', name);
      const lines = await heading.evaluate((node) => Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)));
      expect(lines).toBeGreaterThanOrEqual(1);
      expect(lines).toBeLessThanOrEqual(2);
      await expect(card.locator('img')).toHaveAttribute('src', '/covers/graphics.svg');
      if (width > 400) await expect(visitor.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Graphics', exact: true })).toBeVisible();
      await noSidewaysScroll(visitor);
      expect(await seriousViolations(visitor)).toEqual([]);
      await shot('marketplace');

      // Storefront.
      await visitor.goto(`/store/${slug}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Iris Look' })).toBeVisible();
      await expect(visitor.getByTestId('product-card').getByRole('heading', { name })).toHaveAttribute('title', name);
      await noSidewaysScroll(visitor);
      expect(await seriousViolations(visitor)).toEqual([]);
      await shot('storefront');

      // Product page: the same category name as the chip, no view count for a visitor.
      await visitor.goto(`/store/product/${product.id}`);
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(visitor.getByText('Category: Graphics', { exact: true })).toBeVisible();
      await expect(visitor.getByRole('img', { name: `Cover of ${name}` })).toHaveAttribute('src', '/covers/graphics.svg');
      await expect(visitor.getByRole('heading', { name: 'Reviews' })).toBeVisible();
      await expect(visitor.getByTestId('product-views')).toHaveCount(0);
      await expect(visitor.getByText(/\d+ views?$/)).toHaveCount(0);
      await noSidewaysScroll(visitor);
      expect(await seriousViolations(visitor)).toEqual([]);
      await shot('product');
      await context.close();
    }
  }

  // The creator sees the views (one visitor network on this machine), on the page and in the dashboard.
  await page.goto(`/store/product/${product.id}`);
  await expect(page.getByTestId('product-views')).toHaveText('1 view');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/dashboard/products/upload');
  const category = page.getByRole('form', { name: 'Upload product' }).getByLabel('Category');
  await category.selectOption('Graphics');
  await expect(category.locator('option:checked')).toHaveText('Graphics (Image/Artwork)');
  await shot(page, { path: test.info().outputPath('upload-form-1280.png'), fullPage: true });
});

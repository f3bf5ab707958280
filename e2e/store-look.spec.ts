import type { Page } from '@playwright/test';
import { createConfirmedAccount, expect, logIn, seriousViolations, setTheme, shot, test, uniqueEmail } from './fixtures.ts';

// Issue #20 "The store looks unfinished": a cover that is the category's picture, titles over two lines
// with the whole title at hand, one category name on chip and badge, and view counts only for the creator.
// Marketplace, storefront and product page at 360 and 1366 px, dark and light.

const LONG_TITLE = 'Instagram Carousel Templates for Creators Who Post Every Single Day';

/**
 * The page at 360 and 1366 px, dark and light (switched as the app switches it), `look` run in each:
 * one page load for the four. The page is left dark.
 */
async function inWidthsAndThemes(page: Page, look: (width: number, theme: 'dark' | 'light') => Promise<void>) {
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await look(width, theme);
    }
  }
  await setTheme(page, 'dark');
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

  // Before the visitor: the upload form names the category as the chip does (the dashboard is open).
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Upload Product', exact: true }).click();
  const category = page.getByRole('form', { name: 'Upload product' }).getByLabel('Category');
  await category.selectOption('Graphics');
  await expect(category.locator('option:checked')).toHaveText('Graphics (Image/Artwork)');
  await shot(page, { path: test.info().outputPath('upload-form-1280.png'), fullPage: true });

  // A visitor's browser; each page loads once and is looked at in both widths and both themes.
  const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
  const visitor = await context.newPage();
  await visitor.addInitScript(() => window.localStorage.setItem('zerri.constructionNoticeSeen', '1'));
  const picture = (what: string, width: number, theme: string) => shot(visitor, { path: test.info().outputPath(`${what}-${width}-${theme}.png`), fullPage: true });

  // Marketplace: the title wraps to two lines at most, whole in the tooltip; one name on the chip.
  await visitor.goto(`/store?q=${word}`);
  const card = visitor.getByTestId('product-card').filter({ hasText: word });
  const heading = card.getByRole('heading', { name });
  await inWidthsAndThemes(visitor, async (width, theme) => {
    await expect(heading).toHaveAttribute('title', name);
    const lines = await heading.evaluate((node) => Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)));
    expect(lines).toBeGreaterThanOrEqual(1);
    expect(lines).toBeLessThanOrEqual(2);
    await expect(card.locator('img')).toHaveAttribute('src', '/covers/graphics.svg');
    if (width > 400) await expect(visitor.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Graphics', exact: true })).toBeVisible();
    await noSidewaysScroll(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);
    await picture('marketplace', width, theme);
  });

  // Storefront.
  await visitor.goto(`/store/${slug}`);
  await inWidthsAndThemes(visitor, async (width, theme) => {
    await expect(visitor.getByRole('heading', { level: 1, name: 'Iris Look' })).toBeVisible();
    await expect(visitor.getByTestId('product-card').getByRole('heading', { name })).toHaveAttribute('title', name);
    await noSidewaysScroll(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);
    await picture('storefront', width, theme);
  });

  // Product page: the same category name as the chip, no view count for a visitor.
  await visitor.goto(`/store/product/${product.id}`);
  await inWidthsAndThemes(visitor, async (width, theme) => {
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Category: Graphics', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('img', { name: `Cover of ${name}` })).toHaveAttribute('src', '/covers/graphics.svg');
    await expect(visitor.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(visitor.getByTestId('product-views')).toHaveCount(0);
    await expect(visitor.getByText(/\d+ views?$/)).toHaveCount(0);
    await noSidewaysScroll(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);
    await picture('product', width, theme);
  });
  await context.close();

  // The creator sees the views (one visitor network on this machine) on the product page.
  await page.goto(`/store/product/${product.id}`);
  await expect(page.getByTestId('product-views')).toHaveText('1 view');
  expect(await seriousViolations(page)).toEqual([]);
});

// Issue #25, the creator page: a creator builds /@slug from three blocks, sees it live in the preview,
// reorders, saves; a visitor's click on a block is counted in the creator's stats. Issue #42: the page
// speaks the visitor's language, the browser's or the one chosen in the app.
import { CONSTRUCTION_NOTICE_KEY, createSignedInAccount, expect, lookAt, seriousViolations, test, uniqueEmail, uploadProduct } from './fixtures.ts';

test('a creator builds a page with three blocks and sees a click counted', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await createSignedInAccount(page.request, { email: uniqueEmail('page-creator'), name: 'Pia Page', role: 'creator' });
  const product = `Page Presets ${Date.now().toString(36)}`;
  await uploadProduct(page.request, { name: product, price: '5.00' });

  // Straight to the editor (the dashboard's overview on the way is not this journey).
  await page.goto('/dashboard/creator-page');
  await expect(page.getByRole('heading', { name: 'Creator page', level: 1 })).toBeVisible();
  await expect(page.getByText('No blocks yet. Add the first one below.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit your creator page' });

  await form.getByRole('button', { name: 'Add link' }).click();
  await form.getByLabel('Title').fill('My portfolio');
  await form.getByLabel('Web address').fill('https://example.com/portfolio');
  await form.getByRole('button', { name: 'Add products' }).click();
  await form.getByRole('checkbox', { name: product }).check();
  await form.getByRole('button', { name: 'Add social icons' }).click();
  await form.getByLabel('Network').selectOption('github');
  await form.getByLabel('Profile address').fill('https://github.com/pia');
  await form.getByRole('button', { name: 'Add follow box' }).click();
  await form.getByRole('radio', { name: 'Paper' }).check();

  // The preview follows the draft.
  const preview = page.frameLocator('iframe[title="Preview of your page"]');
  await expect(preview.getByRole('link', { name: 'My portfolio' })).toBeVisible();
  await expect(preview.getByText(product)).toBeVisible();

  // The products block first.
  await form.getByRole('button', { name: 'Move 2. Products up' }).click();
  await form.getByRole('button', { name: 'Save Page' }).click();
  await expect(page.getByText('Page saved').first()).toBeVisible();
  await lookAt(page, 'creator-page-editor', (file) => testInfo.outputPath(file));

  const path = (await page.getByRole('link', { name: /^View \/@/ }).getAttribute('href'))!;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { name: 'Pia Page', level: 1 })).toBeVisible();
  const links = await visitor.getByRole('link').allTextContents();
  expect(links.findIndex((text) => text.includes(product))).toBeLessThan(links.indexOf('My portfolio'));
  expect(await seriousViolations(visitor)).toEqual([]);
  for (const width of process.env.SCREENSHOTS ? [360, 1366] : []) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.screenshot({ path: testInfo.outputPath(`creator-page-public-${width}.png`), fullPage: true });
  }
  // The click goes through the page's counter to the destination (outside the test machine: its request is enough).
  const leaving = visitor.waitForRequest('https://example.com/portfolio');
  await visitor.getByRole('link', { name: 'My portfolio' }).click();
  expect((await leaving).isNavigationRequest()).toBe(true);
  await visitorContext.close();

  await page.reload();
  await expect(page.getByText('1 view in the last 30 days.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /2\. Link\s*1 click/ })).toBeVisible();

  // A Spanish browser gets the page in Spanish; once the visitor picks French in the app, in French.
  const spanishContext = await browser.newContext({ locale: 'es-ES' });
  // The home page's first-visit notice is home.spec.ts's journey: here it would cover the language menu.
  await spanishContext.addInitScript((key) => window.localStorage.setItem(key, '1'), CONSTRUCTION_NOTICE_KEY);
  const spanish = await spanishContext.newPage();
  await spanish.goto(path);
  await expect(spanish.locator('html')).toHaveAttribute('lang', 'es');
  await expect(spanish.getByText('Comprar', { exact: true })).toBeVisible();
  await expect(spanish.getByLabel('Recibe novedades de Pia Page')).toBeVisible();
  await expect(spanish.getByRole('button', { name: 'Seguir' })).toBeVisible();
  await expect(spanish.getByRole('link', { name: /^Hecho con / })).toBeVisible();
  expect(await seriousViolations(spanish)).toEqual([]);
  await spanish.goto('/');
  await spanish.getByRole('banner').locator('button[aria-haspopup="menu"]', { hasText: /^es$/i }).click();
  await spanish.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(spanish.locator('html')).toHaveAttribute('lang', 'fr');
  await spanish.goto(path);
  await expect(spanish.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(spanish.getByText('Acheter', { exact: true })).toBeVisible();
  await expect(spanish.getByRole('button', { name: 'Suivre' })).toBeVisible();
  await expect(spanish.getByRole('link', { name: /^Créé avec / })).toBeVisible();
  // The follow box answers in French too.
  await spanish.getByLabel('Recevoir les nouveautés de Pia Page').fill(uniqueEmail('page-fan'));
  await spanish.getByRole('button', { name: 'Suivre' }).click();
  await expect(spanish.getByRole('status')).toContainText('Consultez votre boîte de réception');
  expect(await seriousViolations(spanish)).toEqual([]);
  await spanishContext.close();
});

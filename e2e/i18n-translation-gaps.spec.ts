// Issue #20.13 "Translations have gaps": the language menu reads one language at a time, suggested tags
// and the Free plan are translated, and a sign-up from a French interface gets its confirmation in French.
import { createConfirmedAccount, expect, logIn, PASSWORD, test, uniqueEmail } from './fixtures.ts';

test('the language menu is a button named after the current language, with one named item per language', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const button = banner.getByRole('button', { name: 'Language: English' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.click();
  const menu = page.getByRole('menu', { name: 'Language' });
  const items = menu.getByRole('menuitemradio');
  await expect(items).toHaveCount(3);
  for (const [index, name] of ['English', 'Español', 'Français'].entries()) {
    await expect(items.nth(index)).toHaveAccessibleName(name);
  }
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('lang', 'es');

  await menu.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(banner.getByRole('button', { name: 'Idioma: Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  const spanish = page.getByRole('menu', { name: 'Idioma' });
  await expect(spanish.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(spanish).toBeHidden();
});

test('the language menu opens from the keyboard on first use (its library loads then) and gives focus back', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Language: English' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Language' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Language: English' })).toBeFocused();
});

test('suggested tags and the Free plan in French; a creator’s own tag as written', async ({ page, browser }) => {
  const email = uniqueEmail('tags');
  await createConfirmedAccount(page.request, { email, name: 'Tag Creator', role: 'creator' });
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 30_000 });
  const name = `Tagged Guide ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/products', {
    multipart: {
      name,
      price: '3.00',
      category: 'eBook',
      tags: 'Development, Writing, Hand-bound',
      file: { name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tags') },
    },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };

  // A visitor reading in French (the signed-in creator's own saved language is English).
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.addInitScript(() => window.localStorage.setItem('zerri.language', 'fr'));
  await visitor.goto(`/store/product/${product.id}`);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'fr');
  const tags = visitor.getByRole('main').getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['Développement', 'Écriture', 'Hand-bound']);
  // The link still filters by the stored tag.
  await expect(tags.getByRole('link', { name: 'Développement' })).toHaveAttribute('href', '/store?tags=Development');

  await visitor.goto(`/store?q=${encodeURIComponent(name)}`);
  const card = visitor.getByTestId('product-card').filter({ hasText: name });
  await expect(card.getByRole('listitem')).toHaveText(['Développement', 'Écriture', 'Hand-bound']);

  await visitor.goto('/#pricing');
  await expect(visitor.locator('#pricing').getByRole('heading', { level: 3 }).first()).toHaveText('Gratuite');
  await context.close();
});

test('a sign-up from the French interface gets its confirmation mail in French', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('zerri.language', 'fr'));
  const email = uniqueEmail('fr-mail');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Inscription' });
  await signUp.getByLabel('Nom complet').fill('Léa Lefèvre');
  await signUp.getByLabel('E-mail').fill(email);
  await signUp.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await signUp.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Créer un compte' }).click();
  await expect.poll(async () => (await (await page.request.get('/dev/mailbox')).text()).includes(`To ${email}`), { timeout: 30_000 }).toBe(true);
  await page.goto('/dev/mailbox');
  const mail = page.getByRole('article').filter({ hasText: email });
  await expect(mail.getByRole('heading')).toHaveText('Confirmez votre compte Zerri');
  await expect(mail).toContainText('Bienvenue sur Zerri, Léa Lefèvre !');
});

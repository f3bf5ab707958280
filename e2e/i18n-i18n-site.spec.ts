import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createConfirmedAccount, expect, PASSWORD, shot, test, uniqueEmail } from './fixtures.ts';

const LANGUAGE_KEY = 'zerri.language';

type Strings = { [key: string]: string | Strings };

/** Every key of the site's own namespaces, to spot one shown raw instead of its text. */
function keysOf(namespaces: string[]): Set<string> {
  const keys = new Set<string>();
  const walk = (strings: Strings, prefix: string) => {
    for (const [key, value] of Object.entries(strings)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') keys.add(name.replace(/_(one|other)$/, ''));
      else walk(value, name);
    }
  };
  for (const namespace of namespaces) {
    const file = path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${namespace}.json`);
    walk(JSON.parse(fs.readFileSync(file, 'utf8')) as Strings, '');
  }
  return keys;
}

const SITE_KEYS = keysOf(['common', 'site', 'auth']);

/** Opens the language menu (its button is named after the current language) and picks one. */
async function pickLanguage(scope: Locator, current: string, name: string) {
  await scope.getByRole('button', { name: current }).click();
  await scope.page().getByRole('menu', { name: current.split(':')[0]!.trim() }).getByRole('menuitemradio', { name }).click();
}

/** Words on screen shaped like a key ("hero.title") that are one of ours. */
async function rawKeysShown(page: Page, selector = 'body'): Promise<string[]> {
  const text = await page.locator(selector).evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText).join('\n'));
  return (text.match(/\b[a-z]+(\.[a-zA-Z_]+){1,}\b/g) ?? []).filter((word) => SITE_KEYS.has(word));
}

async function useLanguage(page: Page, language: string) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
}

const HOME = {
  es: { h1: 'Vende, comparte y crece con', title: /^La plataforma todo en uno para creadores · /, features: 'Funciones', pricing: 'Precios', cta: 'Empieza gratis' },
  fr: { h1: 'Vendez, partagez et grandissez avec', title: /^La plateforme tout-en-un des créateurs · /, features: 'Fonctionnalités', pricing: 'Tarifs', cta: 'Commencer gratuitement' },
} as const;

for (const language of ['es', 'fr'] as const) {
  test(`the home page, header and footer in ${language}`, async ({ page }, testInfo) => {
    const expected = HOME[language];
    await useLanguage(page, language);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(expected.h1);
    await expect(page).toHaveTitle(expected.title);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: expected.features })).toBeVisible();
    await expect(banner.getByRole('link', { name: expected.pricing })).toBeVisible();
    await expect(banner.getByRole('button', { name: language === 'es' ? 'Idioma: Español' : 'Langue : Français' })).toBeVisible();
    await expect(page.getByRole('link', { name: expected.cta }).first()).toBeVisible();
    // Money and numbers in the language's own format.
    await expect(page.locator('#pricing').getByText(language === 'es' ? '39 US$' : '39 $US', { exact: true })).toBeVisible();
    await expect(page.getByTestId('registered-user-count')).toHaveText(/^\d[\d\s.\u202f\u00a0]*$/);
    expect(await rawKeysShown(page)).toEqual([]);
    await shot(page, { path: testInfo.outputPath(`home-${language}.png`), fullPage: true });
  });
}

test('the language switcher translates at once and is remembered after a reload', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

  await pickLanguage(page.getByRole('banner'), 'Language: English', 'Français');
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle(/^À propos · /);
  await expect(page.getByRole('contentinfo')).toContainText('Tous droits réservés.');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  await pickLanguage(page.getByRole('banner'), 'Langue : Français', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_KEY)).toBe('en');
});

test('info pages in Spanish: the privacy date in Spanish, the not-found page', async ({ page }, testInfo) => {
  await useLanguage(page, 'es');
  await page.goto('/privacy');
  const today = await page.evaluate(() => new Intl.DateTimeFormat('es', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date()));
  await expect(page.getByText(`Fecha de entrada en vigor: ${today}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Tus derechos' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'contacta con nosotros' })).toHaveAttribute('href', '/contact');
  expect(await rawKeysShown(page)).toEqual([]);

  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentación' })).toBeVisible();
  await expect(page.getByText('npm install && npm start')).toBeVisible();
  expect(await rawKeysShown(page)).toEqual([]);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByText('/no-such-page')).toBeVisible();
  await shot(page, { path: testInfo.outputPath('not-found-es.png') });
});

test('auth in French: labels, validation and a server error are translated', async ({ page, request }, testInfo) => {
  test.slow(); // signs up through the API, then tries both forms
  const email = uniqueEmail('fr-login');
  await createConfirmedAccount(request, { email });
  await useLanguage(page, 'fr');
  await page.goto('/auth');
  await expect(page).toHaveTitle(/^Connexion · /);
  const login = page.getByRole('tabpanel', { name: 'Connexion' });
  await login.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(login.getByText('Veuillez saisir votre adresse e-mail.')).toBeVisible();
  await expect(login.getByText('Veuillez saisir votre mot de passe.')).toBeVisible();

  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
  await login.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText('Échec de la connexion')).toBeVisible();
  await expect(page.getByText('E-mail ou mot de passe incorrect')).toBeVisible();

  await page.getByRole('tab', { name: 'Inscription' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Inscription' });
  await signUp.getByLabel('Nom complet').fill('Léa Lefèvre');
  await signUp.getByLabel('E-mail').fill(uniqueEmail('fr-signup'));
  await signUp.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await signUp.getByLabel('Confirmer le mot de passe').fill(`${PASSWORD}-autre`);
  await expect(signUp.getByRole('radio', { name: 'Créateur' })).toBeChecked();
  await signUp.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(signUp.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  // The inline message only: no toast repeats it (issue #20.7).
  await expect(page.getByText('Mots de passe différents')).toHaveCount(0);
  expect(await rawKeysShown(page, 'main')).toEqual([]);
  await shot(page, { path: testInfo.outputPath('auth-fr.png'), fullPage: true });
});

test('the dashboard shell in Spanish and French from its header switcher', async ({ page, request }, testInfo) => {
  test.slow(); // signs up, logs in, and switches language twice
  const email = uniqueEmail('es-dashboard');
  await createConfirmedAccount(request, { email, name: 'Sofía Sánchez' });
  await useLanguage(page, 'es');
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Iniciar sesión' });
  await login.getByLabel('Correo electrónico').fill(email);
  await login.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Sesión iniciada')).toBeVisible();
  // A new account keeps the language chosen on this device, and saves it to its settings.
  await expect(page.getByText('Panel del creador')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Idioma: Español' })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/profile')).json()).profile.preferences.language).toBe('es');
  const sidebar = page.getByRole('navigation', { name: 'Navegación del panel' });
  for (const name of ['Resumen', 'Mis productos', 'Subir producto', 'Configuración']) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  await expect(page.getByRole('menuitem', { name: 'Configuración' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await rawKeysShown(page, 'header, aside')).toEqual([]);
  await shot(page, { path: testInfo.outputPath('dashboard-es.png') });

  // The header's switcher: French at once, then back.
  await pickLanguage(page.getByRole('banner'), 'Idioma: Español', 'Français');
  await expect(page.getByText('Tableau de bord créateur')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation du tableau de bord' }).getByRole('link', { name: 'Mes produits' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByText('Déconnecté', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the mobile header menu offers the language choice, and French fits a phone screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await useLanguage(page, 'fr');
  await page.goto('/');
  // Every section in (they render one after another) before the width is measured.
  await expect(page.locator('section[aria-labelledby="closing-cta-title"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Fonctionnalités' })).toBeVisible();
  await pickLanguage(menu, 'Langue : Français', 'Español');
  await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Funciones' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cerrar menú' })).toBeVisible();
  await shot(page, { path: testInfo.outputPath('mobile-menu-es.png') });
});

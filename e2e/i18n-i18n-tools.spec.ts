import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { createConfirmedAccount, expect, openPage, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

// ZerriLink, products, AI studio, design editor, ZerriJobs and the Community Hub in Spanish and French:
// translated text, <html lang>, numbers and dates in the language, and no raw key left on screen.

type Language = 'es' | 'fr';
type Strings = { [key: string]: string | Strings };
const NAMESPACES = ['links', 'links-pages', 'products', 'ai', 'designs', 'jobs', 'community'] as const;
type Namespace = (typeof NAMESPACES)[number];

const localesDir = path.resolve(import.meta.dirname, '../src/web/locales');
const load = (language: string, namespace: Namespace) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Strings;

function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(name, value);
    else for (const [inner, text] of flatten(value, name)) keys.set(inner, text);
  }
  return keys;
}

/** One string of a namespace file, with its {{variables}} filled in. */
function text(language: Language | 'en', namespace: Namespace, key: string, values: Record<string, string> = {}): string {
  const value = flatten(load(language, namespace)).get(key);
  if (value === undefined) throw new Error(`${language}/${namespace}.json has no ${key}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Every key of these screens' namespaces (plural suffixes dropped), to spot one shown instead of its text. */
const OUR_KEYS = new Set(
  NAMESPACES.flatMap((namespace) => [...flatten(load('en', namespace)).keys()].map((key) => key.replace(/_(one|other)$/, ''))),
);

async function expectNoRawKeys(page: Page) {
  const visible = await page.evaluate(() => document.body.innerText);
  const candidates = visible.match(/\b[a-z]+(\.[a-zA-Z_]+)+\b/g) ?? [];
  expect(candidates.filter((candidate) => OUR_KEYS.has(candidate))).toEqual([]);
}

/** The language a visitor chose on this device, from the first page on. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => window.localStorage.setItem('zerri.language', chosen), language);
}

const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

for (const language of ['es', 'fr'] as const) {
  test.describe(`in ${language === 'es' ? 'Spanish' : 'French'}`, () => {
    test('ZerriLink: shorten, check, preview and a missing link', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/zerrilink');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: 'ZerriLink' })).toBeVisible();
      await expect(page.getByText(text(language, 'links-pages', 'zerrilink.intro'))).toBeVisible();
      const create = page.getByRole('form', { name: text(language, 'links', 'shorten.formLabel') });
      await expect(create.getByRole('radio', { name: new RegExp(text(language, 'links', 'shorten.random')) })).toBeChecked();

      // A check of the shared rules, shown in the language (the rule itself returns English).
      await create.getByLabel(text(language, 'links', 'shorten.urlLabel')).fill('ftp://example.com/file');
      await create.getByRole('button', { name: text(language, 'links', 'shorten.submit') }).click();
      await expect(create.getByText(text(language, 'links', 'errors.url_scheme'))).toBeVisible();
      expect(text(language, 'links', 'errors.url_scheme')).not.toBe(text('en', 'links', 'errors.url_scheme'));

      // A custom code already taken: the server's English message, mapped to the language.
      const taken = uniqueWord('taken');
      await page.request.post('/api/links', { data: { url: 'https://example.com/first', code: taken } });
      await create.getByLabel(text(language, 'links', 'shorten.urlLabel')).fill('https://example.com/second');
      await create.getByRole('radio', { name: new RegExp(text(language, 'links', 'shorten.custom')) }).click();
      await create.getByRole('textbox', { name: text(language, 'links', 'shorten.codeLabel') }).fill(taken);
      await create.getByRole('button', { name: text(language, 'links', 'shorten.submit') }).click();
      await expect(create.getByText(text(language, 'links', 'errors.code_taken', { code: taken }))).toBeVisible();

      await create.getByRole('radio', { name: new RegExp(text(language, 'links', 'shorten.random')) }).click();
      await create.getByRole('button', { name: text(language, 'links', 'shorten.submit') }).click();
      await expect(page.getByText(text(language, 'links', 'result.ready'))).toBeVisible();
      const code = (await page.getByTestId('short-url').first().textContent())!.split('/z/')[1]!;

      const check = page.getByRole('form', { name: text(language, 'links-pages', 'check.formLabel') });
      await check.getByRole('button', { name: text(language, 'links-pages', 'check.submit') }).click();
      await expect(check.getByText(text(language, 'links', 'errors.checkRequired'))).toBeVisible();
      await check.getByLabel(text(language, 'links-pages', 'check.codeLabel')).fill(code);
      await check.getByRole('button', { name: text(language, 'links-pages', 'check.submit') }).click();
      const details = page.getByRole('region', { name: text(language, 'links-pages', 'check.resultLabel') });
      await expect(details).toContainText(text(language, 'links-pages', 'check.originalUrl'));
      await expectNoRawKeys(page);
      await shot(page, { path: test.info().outputPath(`zerrilink-${language}.png`), fullPage: true });

      await openPage(page, `/z/${code}+`);
      await expect(page.getByText(text(language, 'links-pages', 'preview.eyebrow'))).toBeVisible();
      await expect(page.getByText(text(language, 'links-pages', 'preview.notCounted'))).toBeVisible();
      await expectNoRawKeys(page);

      await openPage(page, `/z/${uniqueWord('missing')}`);
      await expect(page.getByRole('heading', { name: text(language, 'links', 'errors.linkNotFoundTitle') })).toBeVisible();
      await expect(page.getByText(text(language, 'links', 'errors.linkNotFound'))).toBeVisible();
      await expectNoRawKeys(page);
    });

    test('a creator’s products, links, AI studio, design editor, ZerriJobs and community', async ({ page }) => {
      test.setTimeout(180_000);
      const email = uniqueEmail(`i18n-${language}`);
      await createConfirmedAccount(page.request, { email, name: 'Lena Lingua' });
      await signInThroughApi(page.request, email);
      // The saved language wins once signed in (Settings), so save it as well as choosing it here.
      expect((await page.request.patch('/api/profile', { data: { preferences: { language, theme: 'dark' } } })).ok()).toBe(true);
      await useLanguage(page, language);

      // My Products: the empty state, then a product with its category, price and count in the language
      // (the list follows products.changed on the app's event stream, open once its answer is in).
      const events = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
      await page.goto('/dashboard/products');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: text(language, 'products', 'mine.title') })).toBeVisible();
      await expect(page.getByText(text(language, 'products', 'mine.empty'))).toBeVisible();
      const name = `Atlas ${uniqueWord('p')}`;
      await events;
      const created = await page.request.post('/api/products', {
        multipart: { name, price: '19.5', category: 'Templates', file: { name: 'atlas.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') } },
      });
      expect(created.ok()).toBe(true);
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText(text(language, 'products', 'categories.templates'));
      await expect(row).toContainText(new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(19.5));
      await expect(page.getByText(text(language, 'products', 'mine.count_one', { formatted: '1' }))).toBeVisible();
      await expectNoRawKeys(page);

      await openPage(page, '/dashboard/products/upload');
      const form = page.getByRole('form', { name: text(language, 'products', 'form.uploadLabel') });
      await form.getByRole('button', { name: text(language, 'products', 'form.upload') }).click();
      await expect(form.getByRole('alert')).toHaveText(text(language, 'products', 'errors.missingFields'));
      await expect(form.getByText(text(language, 'products', 'form.nameRequired'))).toBeVisible();
      await expectNoRawKeys(page);
      await shot(page, { path: test.info().outputPath(`upload-product-${language}.png`), fullPage: true });

      await openPage(page, '/zerrilink-dashboard');
      await expect(page.getByRole('heading', { level: 1, name: text(language, 'links-pages', 'mine.title') })).toBeVisible();
      await expect(page.getByText(text(language, 'links-pages', 'mine.empty'))).toBeVisible();
      await expectNoRawKeys(page);

      await openPage(page, '/dashboard/creator-tools/ai-builder');
      await expect(page.getByRole('heading', { level: 1, name: text(language, 'ai', 'studio.title') })).toBeVisible();
      await page.getByRole('button', { name: text(language, 'ai', 'studio.generate') }).click();
      await expect(page.getByRole('alert').filter({ hasText: text(language, 'ai', 'errors.promptTitle') })).toContainText(
        text(language, 'ai', 'errors.prompt'),
      );
      // The templates are written in the language too.
      await page.getByRole('button', { name: text(language, 'ai', 'templates.launchEmail.label') }).click();
      await expect(page.getByLabel(text(language, 'ai', 'studio.prompt'))).toHaveValue(text(language, 'ai', 'templates.launchEmail.prompt'));
      await expectNoRawKeys(page);

      await openPage(page, '/dashboard/creator-tools/platform');
      await expect(page.getByRole('heading', { level: 1, name: text(language, 'designs', 'editor.title') })).toBeVisible();
      await expect(page.getByLabel(text(language, 'designs', 'editor.designTitle'))).toHaveValue(text(language, 'designs', 'editor.untitled'));
      await page.getByRole('button', { name: text(language, 'designs', 'types.rectangle'), exact: true }).click();
      await page.getByTestId('design-canvas').click({ position: { x: 200, y: 200 } });
      await expect(page.getByText(text(language, 'designs', 'properties.selected', { type: text(language, 'designs', 'types.rectangle') }))).toBeVisible();
      await expect(page.getByTestId('zoom-level')).toHaveText((1).toLocaleString(language, { style: 'percent' }));
      await expectNoRawKeys(page);

      await openPage(page, '/dashboard/zerrijobs?tab=find');
      const tabs = page.getByRole('tablist').first();
      for (const key of ['tabs.overview', 'tabs.find', 'tabs.post', 'tabs.community']) {
        await expect(tabs.getByRole('tab', { name: text(language, 'jobs', key) })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: text(language, 'jobs', 'find.apply') })).toBeVisible();
      await expect(page.getByLabel(text(language, 'jobs', 'form.employmentType'))).toContainText(text(language, 'jobs', 'types.fullTime'));
      await expectNoRawKeys(page);
      await shot(page, { path: test.info().outputPath(`zerrijobs-${language}.png`), fullPage: true });

      await tabs.getByRole('tab', { name: text(language, 'jobs', 'tabs.post') }).click();
      await expect(page).toHaveURL(/[?&]tab=post/);
      await expect(page.getByText(text(language, 'jobs', 'errors.companiesOnly'))).toBeVisible();

      await tabs.getByRole('tab', { name: text(language, 'jobs', 'tabs.community') }).click();
      await expect(page).toHaveURL(/[?&]tab=community/);
      await expect(page.getByRole('heading', { name: text(language, 'community', 'hub.title') })).toBeVisible();
      await expect(page.getByRole('tab', { name: text(language, 'community', 'hub.all') })).toBeVisible();
      const post = page.getByRole('form', { name: text(language, 'community', 'newPost.heading') });
      await post.getByRole('button', { name: text(language, 'community', 'newPost.submit'), exact: true }).click();
      await expect(post.getByRole('alert')).toHaveText(text(language, 'community', 'errors.emptyPost'));
      await post.getByLabel(text(language, 'community', 'newPost.label')).fill(`Hola ${uniqueWord('w')}`);
      await post.getByRole('button', { name: text(language, 'community', 'newPost.submit'), exact: true }).click();
      await expect(page.locator('[data-sonner-toast]', { hasText: text(language, 'community', 'errors.postCreated') }).first()).toBeVisible();
      await expect(page.getByRole('article').first()).toContainText(text(language, 'community', 'time.justNow'));
      await expectNoRawKeys(page);
    });
  });
}

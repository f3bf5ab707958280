import { totpCode, totpSecret } from '../src/server/test/totp.ts';
import { createConfirmedAccount, expect, logIn, logInThroughForm, openPage, PASSWORD, seriousViolations, test, uniqueEmail } from './fixtures.ts';

/** The public pages a visitor reaches from the header and the footer (issue #42: axe's Label in Name on each). */
const PUBLIC_PAGES = ['/', '/store', '/zerrilink', '/about', '/careers', '/contact', '/privacy', '/resources', '/docs', '/guides', '/blog', '/support', '/terms', '/cookies', '/auth'];

test('every public page has no serious or critical violation, Label in Name included', async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  // At a laptop's width (every-page-on-a-phone.spec.ts checks them at a phone's), with the not-found page.
  for (const path of [...PUBLIC_PAGES, '/this-page-does-not-exist']) {
    await openPage(page, path);
    await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
    for (const violation of await seriousViolations(page)) problems.push(`${path}: ${violation}`);
  }
  expect(problems).toEqual([]);
});

for (const [language, name] of [
  ['es', 'ES – Idioma: Español'],
  ['fr', 'FR – Langue : Français'],
] as const) {
  test(`in ${language}, the header's language button is named after what it shows ("${language.toUpperCase()}"), on every public page`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript((value) => window.localStorage.setItem('zerri.language', value), language);
    const problems: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await openPage(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('banner').getByRole('button', { name, exact: true })).toHaveText(language.toUpperCase());
      for (const violation of await seriousViolations(page, { rules: ['label-content-name-mismatch'] })) problems.push(`${path}: ${violation}`);
    }
    expect(problems).toEqual([]);
  });
}

test('the header\'s language button (it shows "EN") is named "EN – Language: English"', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'EN – Language: English', exact: true });
  await expect(button).toHaveText('EN');
  expect(await seriousViolations(page, { rules: ['label-content-name-mismatch'] })).toEqual([]);
});

test('/dashboard has no serious or critical accessibility violations', async ({ page, request }) => {
  const email = uniqueEmail('axe');
  await createConfirmedAccount(request, { email });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.locator('h1').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Security settings (QR step, recovery codes) and the two-factor sign-in step have no serious or critical accessibility violations', async ({ page, request }) => {
  const email = uniqueEmail('axe-2fa');
  await createConfirmedAccount(request, { email });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await security.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const secret = totpSecret(await security.getByTestId('totp-key').innerText());
  await security.getByLabel('6-digit code').fill(totpCode(secret));
  await security.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(security.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await logInThroughForm(page, email);
  await expect(page.getByRole('form', { name: 'Two-factor verification' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

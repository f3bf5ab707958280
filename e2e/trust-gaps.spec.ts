import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, createConfirmedAccount, expect, logIn, PASSWORD, seriousViolations, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

// Issue #20 item 14, the smaller trust gaps: a suspended account is told why, the job form starts
// with the company's name and shows the posted job, and a result clicked while the search is typed opens.

const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

/** Full-page screenshots at 1366 and 360 px wide, kept with the test's output. */
async function screenshots(page: Page, name: string) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a suspended creator is told so on /auth, whether signed in at the time or signing in later', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('trust-suspended');
  await createConfirmedAccount(request, { email, name: 'Sam Suspended' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // An admin suspends the account while it is signed in.
  const admin = await browser.newContext({ baseURL });
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(admin.request, ADMIN_EMAIL);
  const found = (await (await admin.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { items: { id: string }[] };
  const suspend = await admin.request.post(`/api/admin/users/${found.items[0]!.id}/suspend`, { data: {}, headers: { origin: baseURL! } });
  expect(suspend.ok()).toBe(true);
  await admin.close();

  // Its next request ends on /auth with the reason, without a reload: a page of the dashboard opened
  // next, unless a request of its own (live updates) met the ended session first and left already.
  await page
    .getByRole('link', { name: 'Settings', exact: true })
    .first()
    .click({ timeout: 3_000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/auth/);
  const notice = page.getByRole('alert').filter({ hasText: 'Account suspended' });
  await expect(notice).toContainText('Your account has been suspended. Please contact support if you believe this is a mistake.');
  await expect(notice.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'auth-suspended-signed-out');

  // Signing in again is refused with the same notice; in Spanish it speaks Spanish (by the error's code).
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.setItem('zerri.language', 'es');
  });
  await page.goto('/auth');
  await expect(page.getByRole('alert').filter({ hasText: 'Cuenta suspendida' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Iniciar sesión' }).click();
  const form = page.getByRole('tabpanel', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Cuenta suspendida' });
  await expect(refused).toContainText('Tu cuenta ha sido suspendida. Contacta con soporte si crees que es un error.');
  await expect(refused.getByRole('link', { name: 'Contactar con soporte' })).toHaveAttribute('href', '/contact');
  await expect(page).toHaveURL(/\/auth/);
  await screenshots(page, 'auth-suspended-sign-in-es');
});

test('the job form starts with the company name and a posted job opens on its page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('trust-company');
  const title = `Motion Designer ${uniqueWord('otter')}`;
  await createConfirmedAccount(request, { email, role: 'company', name: 'Northwind Studio' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/zerrijobs?tab=post');
  const jobForm = page.getByRole('form', { name: 'Post a job' });
  await expect(jobForm.getByLabel('Company Name')).toHaveValue('Northwind Studio');
  await screenshots(page, 'job-form-prefilled');

  await jobForm.getByLabel('Job Title').fill(title);
  await jobForm.getByLabel('Location').fill('Remote');
  await jobForm.getByLabel('Description').fill('Animate launch videos.');
  await jobForm.getByRole('button', { name: 'Post Job' }).click();

  await expect(page).toHaveURL(/\/dashboard\/zerrijobs\/jobs\/job_/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Northwind Studio').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'job-posted');

  // Back: the form is ready for the next job, the company name already in.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]tab=post/);
  await expect(jobForm.getByLabel('Job Title')).toHaveValue('');
  await expect(jobForm.getByLabel('Company Name')).toHaveValue('Northwind Studio');
});

test('a result clicked while the search is still being typed opens the product', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('trust-store');
  await createConfirmedAccount(request, { email, name: 'Quick Creator' });
  await signInThroughApi(request, email);
  const word = uniqueWord('heron');
  const name = `Quick Pick ${word}`;
  const created = await request.post('/api/products', {
    multipart: { name, price: '4', category: 'Audio', file: { name: 'loop.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF') } },
  });
  expect(created.status()).toBe(201);

  // A slow connection: the product page's code takes a moment, longer than the search's pause.
  await page.route('**/assets/product-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue();
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  // The page's timers on Playwright's clock: the search's pause is passed by moving the clock, not by waiting.
  await page.clock.install();
  await page.goto('/store');
  const card = page.getByRole('link', { name, exact: true });
  await expect(card).toBeVisible();

  await page.getByRole('searchbox').first().fill(word);
  await card.click();
  await expect(page).toHaveURL(/\/store\/product\//, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The search typed was dropped with the page it was typed on, not sent after the click.
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/store\/product\//);
});

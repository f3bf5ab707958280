import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_EMAIL, createConfirmedAccount, expect as baseExpect, expectToast, logIn, logInThroughForm, seriousViolations, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

// A long journey through pages that each load their own chunks: a little more patience per step.
const expect = baseExpect.configure({ timeout: 15_000 });

// Saving settings also loads the new language's strings: allow for a busy machine.

/** With SCREENSHOTS=1, the page as a picture to look at. */
const screenshot = (page: Page, name: string) => shot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Follows a link of the dashboard's sidebar (`nav`: its name): the app's own navigation, without loading the page again. */
async function viaSidebar(page: Page, nav: string, link: string) {
  await page.getByRole('navigation', { name: nav }).getByRole('link', { name: link, exact: true }).click();
}

test('a creator edits the profile, the storefront shows it; Español and light apply and stay; an admin suspends the creator', async ({
  page,
  request,
  browser,
  context,
}) => {
  test.setTimeout(360_000);
  const email = uniqueEmail('profile');
  await createConfirmedAccount(request, { email, name: 'Nova Profile' });
  // A tab opens by URL (the first page the signed-in creator opens: it stays there).
  await logIn(page, email, '/dashboard/profile?tab=my-products');
  await expect(page).toHaveURL(/\/dashboard\/profile\?tab=my-products$/);
  // The first dashboard page of the run waits for its chunks on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'My Products', selected: true })).toBeVisible();
  await expect(page.getByText('You have not uploaded any products yet.')).toBeVisible();

  // Overview with the Quick Links (dark theme, the default).
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const quickLinks = page.getByRole('navigation', { name: 'Quick Links' });
  for (const name of ['Edit Profile', 'Upload New Product', 'View Marketplace', 'My Storefront']) {
    await expect(quickLinks.getByRole(name === 'Edit Profile' ? 'button' : 'link', { name })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'profile-overview-dark');

  // Edit mode: name, bio, a skill, a portfolio item, a social link and the picture.
  await quickLinks.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Name', { exact: true }).fill('Lena Brightwater');
  await form.getByLabel('Bio').fill('Watercolour painter of harbours and boats.');
  await form.getByLabel('New skill').fill('Watercolor');
  await form.getByRole('button', { name: 'Add skill' }).click();
  await expect(form.getByRole('button', { name: 'Remove Watercolor' })).toBeVisible();
  // A portfolio item needs a link.
  await form.getByLabel('Title').fill('Harbor Series');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByText('A portfolio item needs a link.')).toBeVisible();
  await form.getByLabel('Link', { exact: true }).fill('https://example.com/harbor');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByRole('button', { name: 'Remove Harbor Series' })).toBeVisible();
  await form.getByLabel('Website').fill('https://lena.example');
  await form.getByLabel('Public profile').check();
  const avatar = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#0891b2' } }).png().toBuffer();
  await form.getByLabel('Profile picture').setInputFiles({ name: 'lena portrait.png', mimeType: 'image/png', buffer: avatar });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'profile-edit-dark');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(form).toBeHidden();
  const storefrontLink = page.getByRole('main').getByRole('link', { name: /^\/store\// });
  await expect(page.getByRole('main').getByRole('heading', { name: 'Lena Brightwater' })).toBeVisible();
  const storefrontPath = (await storefrontLink.textContent())!.trim();

  // Another open tab refreshes live.
  const other = await context.newPage();
  await other.goto('/dashboard/profile?tab=profile');
  await expect(other.getByText('Watercolour painter of harbours and boats.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Edit Profile' }).click();
  await form.getByLabel('Bio').fill('Watercolour painter of harbours, boats and lighthouses.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(other.getByText('Watercolour painter of harbours, boats and lighthouses.')).toBeVisible();
  await other.close();

  // The storefront shows them at once.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(storefrontPath);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Lena Brightwater' })).toBeVisible();
  await expect(visitor.getByText('Watercolour painter of harbours, boats and lighthouses.')).toBeVisible();
  await expect(visitor.getByText('Watercolor', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Harbor Series/ })).toHaveAttribute('href', 'https://example.com/harbor');
  await expect(visitor.locator('a[href="https://lena.example"]')).toBeVisible();
  await expect(visitor.locator('header img[src^="/media/avatars/"]')).toBeVisible();
  await screenshot(visitor, 'storefront');

  // Settings: Español and the light theme, saved and applied at once.
  await viaSidebar(page, 'Dashboard navigation', 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText('PNG, JPG, GIF up to 5MB')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'settings-dark');
  const settings = page.getByRole('form', { name: 'Account Settings' });
  await settings.getByLabel('Language').selectOption('es');
  await settings.getByLabel('Light').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, '¡Configuración guardada!');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveClass(/light/);
  // The toasts follow the theme as it switches.
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'light');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar configuración' })).toBeVisible();

  // Both survive a reload; the light theme is readable (axe colour contrast).
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'settings-light-es');
  await viaSidebar(page, 'Navegación del panel', 'Perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await page.getByRole('tab', { name: 'Historial de ventas' }).click();
  await expect(page).toHaveURL(/tab=client-history/);
  await expect(page.getByRole('tabpanel', { name: 'Historial de ventas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Resumen' }).click();
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: 'Mi escaparate' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'profile-light-es');
  await page.getByRole('tab', { name: 'Perfil' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Editar perfil' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'profile-edit-light-es');

  // An admin suspends the creator: the storefront is not found and the session ends.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(admin, ADMIN_EMAIL, '/admin/users');
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Manage Creators' })).toBeVisible();
  await admin.getByLabel('Search by name or e-mail').fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshot(admin, 'admin-users');
  await row.getByRole('button', { name: `Suspend ${email}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Suspend ${email}?` });
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(admin, 'Account Suspended');
  await expect(row).toContainText('Suspended');

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Creator not found.' })).toBeVisible();
  await visitorContext.close();
  await page.reload();
  await expect(page).toHaveURL(/\/auth/);

  // The audit log says who did it.
  await viaSidebar(admin, 'Admin navigation', 'Audit Log');
  const entry = admin.getByRole('row').filter({ hasText: 'Account suspended' }).filter({ hasText: ADMIN_EMAIL });
  await expect(entry.first()).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshot(admin, 'admin-audit');
  for (const [path, link, heading] of [
    ['/admin/products', 'Products', 'Products'],
    ['/admin/links', 'Links', 'Links'],
    ['/admin/profile', 'Profile', 'Profile'],
    ['/admin/settings', 'Settings', 'Account Settings'],
    ['/admin/tasks', 'Background tasks', 'Background tasks'],
  ] as const) {
    await viaSidebar(admin, 'Admin navigation', link);
    await expect(admin).toHaveURL(new RegExp(`${path}$`));
    await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(admin.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, `admin${path.replaceAll('/', '-')}`);
  }
  await adminContext.close();
});

test('a suspended creator is refused at sign-in with a clear message', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('suspended');
  await createConfirmedAccount(request, { email, name: 'Sid Suspended' });
  // The admin's part is only the stage (the suspension through the admin's page is the journey above):
  // `request` (signed out after the sign-up) signs in as the admin and suspends through the API.
  await createConfirmedAccount(request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(request, ADMIN_EMAIL);
  const users = await (await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json();
  expect((await request.post(`/api/admin/users/${users.items[0].id}/suspend`, { data: {} })).ok()).toBe(true);

  await logInThroughForm(page, email);
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Your account has been suspended.' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('the light theme is readable on the public pages too, from the first paint', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('zerri.theme', 'light'));
  for (const path of ['/', '/store', '/auth']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

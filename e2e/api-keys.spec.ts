import { ADMIN_EMAIL, createConfirmedAccount, expect, logIn, seriousViolations, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

test('a Business creator creates an API key, sees it once, uses it and revokes it', async ({ page, request, browser, baseURL }) => {
  const email = uniqueEmail('api-keys');
  await createConfirmedAccount(request, { email, name: 'Kay Builder' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Below the Business plan the page says what is needed.
  // The advanced tools are folded under Settings in the sidebar until opened.
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByText('API access is part of the Business plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/#pricing');

  // An admin moves the account to the Business plan.
  const admin = await browser.newContext({ baseURL });
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(admin.request, ADMIN_EMAIL);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const upgrade = await admin.request.put(`/api/admin/users/${me.user.id}/plan`, { data: { plan: 'business' }, headers: { origin: baseURL! } });
  expect(upgrade.ok()).toBe(true);
  await admin.close();

  await page.reload();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create Key' }).click();
  await expect(form.getByText('Please give the key a name.')).toBeVisible();
  await form.getByLabel('Key name').fill('Nightly export');
  await form.getByRole('button', { name: 'Create Key' }).click();

  const panel = page.getByRole('region', { name: 'Your new key “Nightly export”' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Copy this key now.', { exact: false })).toBeVisible();
  const key = await panel.getByLabel('API key').inputValue();
  expect(key).toMatch(/^zk_[A-Za-z0-9_-]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: test.info().outputPath('api-keys-new-key.png'), fullPage: true });

  // The key works on the links API, as its owner, without a cookie.
  const created = await request.post('/api/links', { data: { url: 'https://example.com/from-the-api' }, headers: { authorization: `Bearer ${key}` } });
  expect(created.status()).toBe(201);
  const mine = await request.get('/api/links', { headers: { authorization: `Bearer ${key}` } });
  expect((await mine.json()).total).toBe(1);

  // Shown once: after "I have saved it" only the first characters are listed.
  await panel.getByRole('button', { name: 'I have saved it' }).click();
  await expect(panel).toBeHidden();
  const list = page.getByRole('list', { name: 'API keys' });
  await expect(list.getByText('Nightly export')).toBeVisible();
  await expect(list.getByText('Active')).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await list.getByRole('button', { name: 'Revoke the key Nightly export' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke “Nightly export”?' });
  await dialog.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'The key “Nightly export” no longer works.' })).toContainText('Key Revoked');
  await expect(list.getByText('Revoked', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: test.info().outputPath('api-keys-list.png'), fullPage: true });

  const refused = await request.get('/api/links', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

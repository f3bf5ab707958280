import { totpCode, totpSecret } from '../src/server/test/totp.ts';
import { createConfirmedAccount, expect, logInThroughForm, PASSWORD, seriousViolations, test, uniqueEmail } from './fixtures.ts';

for (const path of ['/', '/auth', '/this-page-does-not-exist']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/dashboard has no serious or critical accessibility violations', async ({ page, request }) => {
  const email = uniqueEmail('axe');
  await createConfirmedAccount(request, { email });
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.locator('h1').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Security settings (QR step, recovery codes) and the two-factor sign-in step have no serious or critical accessibility violations', async ({ page, request }) => {
  const email = uniqueEmail('axe-2fa');
  await createConfirmedAccount(request, { email });
  await logInThroughForm(page, email);
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

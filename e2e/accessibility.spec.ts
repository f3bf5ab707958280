import { createConfirmedAccount, expect, logInThroughForm, seriousViolations, test, uniqueEmail } from './fixtures.ts';

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

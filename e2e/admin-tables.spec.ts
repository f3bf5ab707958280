import { ADMIN_EMAIL, createConfirmedAccount, expect, logIn, shot, test } from './fixtures.ts';

// Issue #20.11: admin tables kept long e-mail addresses on one line (cut, whole in a tooltip) and
// their actions column whole, instead of "nora@ex / ample.te / st" over three lines.
test('admin users: a long e-mail stays on one line with a tooltip, and the actions keep their width', async ({ page, request }, testInfo) => {
  const email = `a-rather-long-mailbox-name-for-the-layout-${Date.now().toString(36)}@an-example-company-domain.test`;
  await createConfirmedAccount(request, { email, name: 'Nora Longmail' });
  await createConfirmedAccount(request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/admin$/);

  for (const width of [1366, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
    const row = page.getByRole('row').filter({ hasText: 'Nora Longmail' });
    const address = row.getByTitle(email, { exact: true });
    await expect(address).toHaveText(email);
    const { lineHeight, height, overflow } = await address.evaluate((element) => {
      const style = getComputedStyle(element);
      return { lineHeight: parseFloat(style.lineHeight), height: element.getBoundingClientRect().height, overflow: style.textOverflow };
    });
    expect(height, `at ${width} px`).toBeLessThan(lineHeight * 1.5);
    expect(overflow).toBe('ellipsis');
    const suspend = row.getByRole('button', { name: `Suspend ${email}` });
    const box = (await suspend.boundingBox())!;
    const label = await suspend.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
    expect(box.height, `the Suspend button on one line at ${width} px`).toBeLessThan(label * 2);
    await shot(page, { path: testInfo.outputPath(`admin-users-${width}.png`) });
  }
});

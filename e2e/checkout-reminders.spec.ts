// Issue #44, abandoned checkouts (decision 033): a creator turns on the one reminder to buyers who did
// not finish checkout in Settings; it is off until then and stays as saved. The mail itself is tested
// by the API tests (modules/orders/checkout-reminders.test.ts), on the app's movable clock.
import { expect, expectToast, lookAt, signedInAs, test, uniqueEmail } from './fixtures.ts';

test('a creator turns on checkout reminders in Settings', async ({ page }, testInfo) => {
  await signedInAs(page, { email: uniqueEmail('reminder-seller'), name: 'Rita Reminder', role: 'creator' });
  await page.goto('/dashboard/settings');
  const settings = page.getByRole('form', { name: 'Account Settings' });
  const reminders = settings.getByRole('switch', { name: 'Remind buyers who did not finish checkout' });
  await expect(reminders).not.toBeChecked();
  await expect(reminders).toHaveAccessibleDescription(/One e-mail an hour after a buyer gave their address and did not pay/);

  await reminders.check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Settings Saved!');
  await reminders.scrollIntoViewIfNeeded();
  await lookAt(page, 'settings-checkout-reminders', (file) => testInfo.outputPath(file));

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Remind buyers who did not finish checkout' })).toBeChecked();
});

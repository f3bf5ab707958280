import { ADMIN_EMAIL, createConfirmedAccount, expect, logInThroughForm, PASSWORD, test, uniqueEmail } from './fixtures.ts';

test('a creator signs up, confirms from the mailbox, lands signed in on the dashboard, and logs in again later', async ({ page }) => {
  const email = uniqueEmail('creator');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill('Casey Creator');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await expect(form.getByRole('radio', { name: 'Creator' })).toBeChecked();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Confirmation Required')).toBeVisible();
  await expect(page.getByText('Your account has been created. Please check your email to confirm.')).toBeVisible();

  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: `To ${email}` }).first();
  await expect(mail).toContainText('Confirm your Zerri account');
  // The link signs in (issue #20): no login form in between.
  await mail.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Creator Dashboard')).toBeVisible();

  await page.context().clearCookies();
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page.getByText('Creator Dashboard')).toBeVisible();
});

test('an admin lands on /admin', async ({ page, request }) => {
  await createConfirmedAccount(request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logInThroughForm(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await expect(page.getByText('Total Creators')).toBeVisible();
});

test('a user opening /admin lands on /dashboard', async ({ page, request }) => {
  const email = uniqueEmail('user');
  await createConfirmedAccount(request, { email, role: 'user' });
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a logged-out visit to /dashboard lands on /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('mismatched passwords show the spec message under the field, without a toast repeating it', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill('Mis Match');
  await form.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(`${PASSWORD}-different`);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Passwords do not match.')).toBeVisible();
  // Issue #20: the 'Password Mismatch' toast only repeated the inline message.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('a wrong password shows Login Failed with the server message', async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  await createConfirmedAccount(request, { email });
  await logInThroughForm(page, email, 'not-the-password');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('logging out shows Logged Out and goes to /auth', async ({ page, request }) => {
  const email = uniqueEmail('logout');
  await createConfirmedAccount(request, { email });
  await logInThroughForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /account menu|user menu/i }).first().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

import type { Browser, Page } from '@playwright/test';
import { createConfirmedAccount, createSignedInAccount, expect, expectToast, fillTestCard, lookAt, PASSWORD, setPlan, test, uniqueEmail } from './fixtures.ts';

// The platform's own plans (issue #24): a Free account meets a clear message and a way to the plans
// where a plan is needed; Settings' Plan & Billing shows the plan, what it includes and its use, and
// buys, changes and cancels it with the test card (decision 025).

/** The invited teammate in their own browser, signed in through the API, on the invitation's page from the mail. */
async function openInvitation(browser: Browser, options: { email: string; name: string }) {
  const mate = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await createSignedInAccount(mate.request, options);
  const mailbox = await (await mate.request.get('/dev/mailbox')).text();
  const link = new RegExp(`To ${options.email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?href="([^"]*/team/accept#[^"]+)"`).exec(mailbox)?.[1];
  expect(link).toBeTruthy();
  await mate.goto(link!);
  return mate;
}

/** The dashboard's sidebar link named `name`: a move within the app, not a new page load. */
const sidebarLink = (page: Page, name: string) => page.getByRole('complementary').getByRole('link', { name, exact: true });

test('a Free creator uses the AI studio on Free’s allowance, is told what needs Creator Pro and sees it in Plan & Billing', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  await createSignedInAccount(page.request, { email: uniqueEmail('plans'), name: 'Priya Planner' });

  // The AI studio is every signed-in user's (SPEC §6): Free's 20 generations a month, the prompt form,
  // and the spec's message for an empty prompt.
  await page.goto('/dashboard/creator-tools/ai-builder');
  await expect(page).toHaveURL(/\/dashboard\/creator-tools\/ai-builder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Content Studio' })).toBeVisible();
  await expect(page.getByTestId('ai-usage')).toHaveText('0 of 20 AI generations used this month');
  await expect(page.getByText('The AI content studio is part of Creator Pro')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expectToast(page, 'Prompt Required', 'Please enter a prompt to get started.');
  await expect(page.getByRole('alert').filter({ hasText: 'Prompt Required' })).toContainText('Please enter a prompt to get started.');
  await expect(page.getByLabel('Prompt', { exact: true })).toBeFocused();
  await lookAt(page, 'ai-studio-free', out);

  // Once the month's 20 are used (the usage the server answers then; the API tests count them), the
  // studio says when they renew and offers Creator Pro instead of a button that would fail. The studio
  // asks for the usage each time it opens: it is seen used on coming back from the profile.
  await page.route('**/api/ai/usage', (route) => route.fulfill({ json: { plan: 'free', limit: 20, used: 20, resetsOn: '2027-01-01', upgradePlan: 'pro' } }));

  // The storefront address stays the generated one, and says why.
  await sidebarLink(page, 'Profile').click();
  await page.getByRole('main').getByRole('button', { name: 'Edit Profile' }).first().click();
  const address = page.getByLabel('Storefront address');
  await expect(address).toHaveAttribute('readonly', '');
  await expect(address).toHaveAccessibleDescription(/Choosing your own address is part of Creator Pro\. See the plans$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/creator-tools\/ai-builder$/);
  const notice = page.getByRole('status').filter({ hasText: 'You have used this month’s AI generations' });
  await expect(notice).toContainText('Your plan includes 20 AI generations a month. They renew on Jan 1, 2027. Upgrade to Creator Pro for more now.');
  await expect(notice.getByRole('link', { name: 'Upgrade to Creator Pro' })).toHaveAttribute('href', '/dashboard/settings?plan=pro#plan-billing');
  await expect(page.getByTestId('ai-usage')).toHaveText('20 of 20 AI generations used this month');
  await expect(page.getByRole('button', { name: 'Generate Content' })).toBeDisabled();
  await lookAt(page, 'ai-studio-free-used', out);
  await page.unroute('**/api/ai/usage');

  // Settings › Plan & Billing.
  await sidebarLink(page, 'Settings').click();
  const card = page.getByRole('region', { name: 'Plan & Billing' });
  await expect(card.getByText('Your plan: Free')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'AI content studio: 20 generations a month' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Generated storefront address' })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'AI generations' })).toHaveAttribute('aria-valuetext', '0 of 20');
  await expect(card.getByRole('progressbar', { name: 'Audience e-mails' })).toHaveAttribute('aria-valuetext', '0 of 1,000');
  const upgrade = card.getByRole('region', { name: 'Upgrade your plan' });
  await expect(upgrade.getByRole('radio', { name: 'Creator Pro' })).toBeChecked();
  await expect(upgrade.getByRole('radio', { name: 'Business' })).not.toBeChecked();
  await expect(card.getByText('No invoices yet.', { exact: false })).toBeVisible();
  await lookAt(page, 'settings-plan-free', out);
});

test('a creator moved to Creator Pro sees the month’s AI allowance used in the studio and in Plan & Billing', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  await createSignedInAccount(page.request, { email: uniqueEmail('plans-pro'), name: 'Paolo Pro' });
  // Moved to Creator Pro by an admin.
  await setPlan(page, 'pro');
  await page.goto('/dashboard/creator-tools/ai-builder');
  await expect(page).toHaveURL(/\/dashboard\/creator-tools\/ai-builder$/);
  const notice = page.getByRole('status').filter({ hasText: 'You have used this month’s AI generations' });
  await expect(page.getByTestId('ai-usage')).toHaveText('0 of 200 AI generations used this month');
  await expect(notice).toBeHidden();
  await page.getByLabel('Prompt', { exact: true }).fill('Write a tagline for my budgeting e-book.');
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expect(page.getByTestId('ai-response')).toHaveText('This is a streamed reply from the test provider.');
  await expect(page.getByTestId('ai-usage')).toHaveText('1 of 200 AI generations used this month');

  await sidebarLink(page, 'Settings').click();
  const card = page.getByRole('region', { name: 'Plan & Billing' });
  await expect(card.getByText('Your plan: Creator Pro')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'AI generations' })).toHaveAttribute('aria-valuetext', '1 of 200');
  await expect(card.getByRole('listitem').filter({ hasText: 'Custom storefront address' })).toBeVisible();
  // Set by an admin, without a subscription: Business is still for sale.
  const upgrade = card.getByRole('region', { name: 'Upgrade your plan' });
  await expect(upgrade.getByRole('radio', { name: 'Creator Pro' })).toHaveCount(0);
  await expect(upgrade.getByRole('radio', { name: 'Business' })).toBeChecked();
  await lookAt(page, 'settings-plan-pro', out, [1366]);
});

test('a creator buys Business from the pricing page with the test card, invites a teammate who uploads a product, then cancels and resumes', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  const out = (file: string) => testInfo.outputPath(file);
  const mateEmail = uniqueEmail('plans-mate');
  const word = Date.now().toString(36);
  await createSignedInAccount(page.request, { email: uniqueEmail('plans-buyer'), name: 'Bea Business' });

  // The pricing page's button opens Plan & Billing with Business picked.
  await page.goto('/#pricing');
  await page.locator('#pricing').getByRole('link', { name: 'Get Business' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?plan=business&period=monthly#plan-billing$/);
  const card = page.getByRole('region', { name: 'Plan & Billing' });
  const upgrade = card.getByRole('region', { name: 'Upgrade your plan' });
  await expect(upgrade.getByRole('radio', { name: 'Business' })).toBeChecked();
  await expect(upgrade.getByRole('radio', { name: '$75.00 a month' })).toBeChecked();
  const form = await fillTestCard(page);
  await form.getByRole('button', { name: 'Pay $75.00 and upgrade' }).click();
  await expectToast(page, 'You are now on Business.');
  await expect(page).toHaveURL(/\/dashboard\/settings(#plan-billing)?$/);
  await expect(card.getByText('Your plan: Business')).toBeVisible();
  const subscription = card.getByRole('region', { name: 'Your subscription' });
  await expect(subscription.getByText('Active')).toBeVisible();
  await expect(subscription.getByText('$75.00 a month')).toBeVisible();
  await expect(subscription.getByText(/^\$75\.00 on /)).toBeVisible();
  const invoices = card.getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices.getByRole('listitem').first()).toContainText('Business, monthly: first period');
  await expect(invoices.getByRole('listitem').first()).toContainText('Paid');
  // The charge as a PDF invoice from the platform.
  const download = page.waitForEvent('download');
  await invoices.getByRole('link', { name: /^Download the invoice of .+ as PDF$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^pin_\w+\.pdf$/);
  await lookAt(page, 'settings-plan-business', out);

  // Business's team seats are there at once: the teammate joins and uploads to the owner's store.
  // Team is one of the advanced tools, folded under Settings › Advanced.
  await page.getByRole('complementary').getByRole('button', { name: 'Advanced' }).click();
  await sidebarLink(page, 'Team').click();
  await expect(page.getByText('0 of 3 seats taken (members and pending invitations)')).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a teammate' });
  await invite.getByLabel('E-mail address').fill(mateEmail);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', mateEmail);
  const mate = await openInvitation(browser, { email: mateEmail, name: 'Max Mate' });
  await mate.getByRole('button', { name: 'Accept Invitation' }).click();
  await mate.getByRole('button', { name: 'Work on Bea Business’s store' }).click();
  await expect(mate).toHaveURL(/\/dashboard\/products$/);
  await mate.getByRole('complementary').getByRole('link', { name: 'Upload Product' }).click();
  const upload = mate.getByRole('form', { name: 'Upload product' });
  await upload.getByLabel('Product Name').fill(`Studio Pack ${word}`);
  await upload.getByLabel('Price (USD)').fill('9');
  await upload.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'pack.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 pack') });
  await upload.getByRole('button', { name: 'Upload Product' }).click();
  await expect(mate.getByRole('row').filter({ hasText: `Studio Pack ${word}` })).toBeVisible();
  await sidebarLink(page, 'My Products').click();
  await expect(page.getByRole('row').filter({ hasText: `Studio Pack ${word}` })).toBeVisible();
  await mate.context().close();

  // Cancel: Business stays to the period's end; Resume keeps it.
  await sidebarLink(page, 'Settings').click();
  await subscription.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Business?' });
  await expect(dialog).toContainText('You keep Business until');
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(subscription.getByText(/^Business ends on .+; then your account goes back to Free/)).toBeVisible();
  await expect(subscription.getByText('None')).toBeVisible();
  await expect(card.getByText('Your plan: Business')).toBeVisible();
  await subscription.getByRole('button', { name: 'Resume plan' }).click();
  await expectToast(page, 'You keep Business.');
  await expect(subscription.getByText(/^\$75\.00 on /)).toBeVisible();

  // A smaller plan waits for the period's end.
  await subscription.getByRole('button', { name: 'Change plan' }).click();
  await subscription.getByLabel('New plan').selectOption({ label: 'Creator Pro — $39.00 a month' });
  await expect(subscription.getByText('A smaller plan starts on', { exact: false })).toBeVisible();
  await subscription.getByRole('button', { name: 'Change plan' }).last().click();
  await expect(subscription.getByText(/^Your plan moves to Creator Pro on .+\. You keep Business until then\.$/)).toBeVisible();
  await expect(subscription.getByText(/^\$39\.00 on /)).toBeVisible();
  await lookAt(page, 'settings-plan-downgrade', out, [360]);
});

test('a visitor picks Creator Pro yearly on the pricing page, signs in and comes back to buy it', async ({ page }) => {
  const email = uniqueEmail('plans-visitor');
  await createConfirmedAccount(page.request, { email, name: 'Vic Visitor', role: 'creator' });
  await page.context().clearCookies();
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  await pricing.getByRole('radio', { name: 'Yearly' }).check();
  await pricing.getByRole('link', { name: 'Get Creator Pro' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Login' }).click();
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?plan=pro&period=yearly#plan-billing$/);
  const upgrade = page.getByRole('region', { name: 'Upgrade your plan' });
  await expect(upgrade.getByRole('radio', { name: 'Creator Pro' })).toBeChecked();
  await expect(upgrade.getByRole('radio', { name: '$398.00 a year' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pay $398.00 and upgrade' })).toBeVisible();
});

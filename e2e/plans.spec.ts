import { expect, lookAt, setPlan, signedInAs, test, uniqueEmail } from './fixtures.ts';

// The platform's own plans (issue #24): a Free account meets a clear message and a way to the plans
// where a plan is needed, and Settings' Plan & Billing shows the plan, what it includes and its use.

test('a Free creator is told what needs Creator Pro and sees it in Plan & Billing', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  await signedInAs(page, { email: uniqueEmail('plans'), name: 'Priya Planner', role: 'creator' });

  // The AI studio: the upgrade notice instead of a form that would fail.
  await page.goto('/dashboard/creator-tools/ai-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Content Studio' })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'The AI content studio is part of Creator Pro' });
  await expect(notice).toContainText('200 generations a month on Creator Pro, unlimited on Business');
  await expect(notice.getByRole('link', { name: 'Upgrade to Creator Pro' })).toHaveAttribute('href', '/#pricing');
  await expect(page.getByRole('button', { name: 'Generate Content' })).toHaveCount(0);
  await lookAt(page, 'ai-studio-free', out);

  // Write with AI in the product form: the server's refusal, with the way to the plans.
  await page.goto('/dashboard/products/upload');
  const form = page.getByRole('form', { name: 'Upload product' });
  await form.getByRole('button', { name: 'Write with AI' }).click();
  await form.getByLabel('Describe your product in a few words').fill('watercolor brushes for procreate');
  await form.getByRole('button', { name: 'Generate' }).click();
  const refusal = form.getByRole('alert').filter({ hasText: 'AI writing is part of the Creator Pro plan. Upgrade your plan to use it.' });
  await expect(refusal.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/#pricing');

  // The storefront address stays the generated one, and says why.
  await page.goto('/dashboard/profile');
  await page.getByRole('main').getByRole('button', { name: 'Edit Profile' }).first().click();
  const address = page.getByLabel('Storefront address');
  await expect(address).toHaveAttribute('readonly', '');
  await expect(address).toHaveAccessibleDescription(/Choosing your own address is part of Creator Pro\. See the plans$/);

  // Settings › Plan & Billing.
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Plan & Billing' });
  await expect(card.getByText('Your plan: Free')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'No AI content studio' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Generated storefront address' })).toBeVisible();
  await expect(card.getByText('Not in your plan')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Audience e-mails' })).toHaveAttribute('aria-valuetext', '0 of 1,000');
  await expect(card.getByRole('link', { name: 'Upgrade to Creator Pro' })).toHaveAttribute('href', '/#pricing');
  await expect(card.getByRole('link', { name: 'Upgrade to Business' })).toHaveAttribute('href', '/#pricing');
  await lookAt(page, 'settings-plan-free', out);
});

test('a creator moved to Creator Pro sees the month’s AI allowance used in the studio and in Plan & Billing', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const out = (file: string) => testInfo.outputPath(file);
  await signedInAs(page, { email: uniqueEmail('plans-pro'), name: 'Paolo Pro', role: 'creator' });
  // Moved to Creator Pro by an admin, until plans are bought here.
  await setPlan(page, 'pro');
  await page.goto('/dashboard/creator-tools/ai-builder');
  const notice = page.getByRole('status').filter({ hasText: 'The AI content studio is part of Creator Pro' });
  await expect(page.getByTestId('ai-usage')).toHaveText('0 of 200 AI generations used this month');
  await expect(notice).toBeHidden();
  await page.getByLabel('Prompt', { exact: true }).fill('Write a tagline for my budgeting e-book.');
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expect(page.getByTestId('ai-response')).toHaveText('This is a streamed reply from the test provider.');
  await expect(page.getByTestId('ai-usage')).toHaveText('1 of 200 AI generations used this month');

  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Plan & Billing' });
  await expect(card.getByText('Your plan: Creator Pro')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'AI generations' })).toHaveAttribute('aria-valuetext', '1 of 200');
  await expect(card.getByRole('listitem').filter({ hasText: 'Custom storefront address' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Upgrade to Creator Pro' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Upgrade to Business' })).toBeVisible();
  await lookAt(page, 'settings-plan-pro', out, [1366]);
});

import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { createConfirmedAccount, expect, expectToast, lookAt, PASSWORD, setPlan, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

/** The team invitation's link in the mail to `email` (the dev mailbox). */
async function invitationLink(page: Page, email: string) {
  const mailbox = await (await page.request.get('/dev/mailbox')).text();
  const link = new RegExp(`To ${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?href="([^"]*/team/accept#[^"]+)"`).exec(mailbox)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

/**
 * The invited teammate in their own browser: a new confirmed account, signed in through the API, on the
 * invitation's page opened from the mail (not yet accepted). The second test signs in through the form.
 */
async function openInvitation(browser: Browser, options: { email: string; name: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const mate = await context.newPage();
  await createConfirmedAccount(mate.request, { email: options.email, name: options.name, role: 'creator' });
  await signInThroughApi(mate.request, options.email);
  await mate.goto(await invitationLink(mate, options.email));
  return mate;
}

test('a Business owner invites a teammate, who accepts, switches to the owner’s store and uploads a product', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000); // two accounts, an admin, an upload and four screenshots' axe checks
  const ownerEmail = uniqueEmail('team-owner');
  const mateEmail = uniqueEmail('team-mate');
  const word = Date.now().toString(36);
  await createConfirmedAccount(page.request, { email: ownerEmail, name: 'Olive Owner', role: 'creator' });
  await signInThroughApi(page.request, ownerEmail);

  // Below Business the Team page says what is needed (opened directly: the dashboard's home is no part of this).
  await page.goto('/dashboard/team');
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Team', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText('Team users are part of the Business plan')).toBeVisible();

  // An admin moves the owner to the Business plan.
  await setPlan(page, 'business');

  await page.reload();
  await expect(page.getByText('0 of 3 seats taken (members and pending invitations)')).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite a teammate' });
  await form.getByLabel('E-mail address').fill(mateEmail);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', mateEmail);
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(mateEmail)).toBeVisible();

  // The teammate has their own account, opens the mail's link and accepts.
  const mate = await openInvitation(browser, { email: mateEmail, name: 'Milo Member' });
  await expect(mate.getByRole('heading', { level: 1, name: 'Team invitation' })).toBeVisible();
  await expect(mate.getByText(`You are signed in as ${mateEmail}.`)).toBeVisible();
  await mate.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(mate.getByText('You joined Olive Owner’s team.')).toBeVisible();
  await mate.getByRole('button', { name: 'Work on Olive Owner’s store' }).click();

  // On the owner's store: the switcher says so, and the sidebar has only the store's pages.
  await expect(mate).toHaveURL(/\/dashboard\/products$/);
  const switcher = mate.getByRole('combobox', { name: 'Store' });
  await expect(switcher.locator('option:checked')).toHaveText('Olive Owner’s store');
  await expect(mate.getByText('You are working on Olive Owner’s store', { exact: false })).toBeVisible();
  await expect(mate.getByRole('link', { name: 'Payouts' })).toHaveCount(0);
  await lookAt(mate, 'teams-store-switcher', (file) => testInfo.outputPath(file));

  await mate.getByRole('complementary').getByRole('link', { name: 'Upload Product' }).click();
  const upload = mate.getByRole('form', { name: 'Upload product' });
  await upload.getByLabel('Product Name').fill(`Team Zine ${word}`);
  await upload.getByLabel('Price (USD)').fill('5');
  await upload.getByLabel('Product File (max 50MB)').setInputFiles({ name: 'zine.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 zine') });
  await upload.getByRole('button', { name: 'Upload Product' }).click();
  await expect(mate).toHaveURL(/\/dashboard\/products$/);
  await expect(mate.getByRole('row').filter({ hasText: `Team Zine ${word}` })).toBeVisible();

  // An invoice of the owner's store, downloaded by the teammate as a PDF: the owner's, not a 404 of their own account's.
  const ownerId = await switcher.inputValue();
  const invoice = await mate.request.post('/api/invoices', {
    headers: { 'x-zerri-account': ownerId },
    data: { clientName: `Team Client ${word}`, clientEmail: 'zines@client.test', description: 'Zines', items: [{ name: 'Zine', quantity: 1, unitPrice: '40.00' }] },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  await mate.getByRole('complementary').getByRole('link', { name: 'Client Payments' }).click();
  const downloading = mate.waitForEvent('download');
  await mate.getByRole('link', { name: `PDF: download the invoice for Team Client ${word}` }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // The product is the owner's; the teammate's own account has none.
  await page.getByRole('complementary').getByRole('link', { name: 'My Products' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Team Zine ${word}` })).toBeVisible();
  await switcher.selectOption({ label: 'My account' });
  await expect(mate).toHaveURL(/\/dashboard$/);
  // Switching drops what was loaded for the owner's store, so a click in the sidebar shows the member's own.
  await mate.getByRole('complementary').getByRole('link', { name: 'My Products' }).click();
  await expect(mate.getByText('You have not uploaded any products yet.')).toBeVisible();

  // The owner's Team page: the member, and what they did under their own name.
  await page.goto('/dashboard/team');
  await expect(page.getByRole('list', { name: 'Members' }).getByText('Milo Member')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team activity' }).getByText('added a product')).toBeVisible();
  await expect(page.getByText('1 of 3 seats taken (members and pending invitations)')).toBeVisible();
  await lookAt(page, 'teams-page', (file) => testInfo.outputPath(file));

  // Removing the member ends their access: the switcher is gone on their next page.
  await page.getByRole('button', { name: 'Remove Milo Member from the team' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Milo Member?' }).getByRole('button', { name: 'Remove Member' }).click();
  await expectToast(page, 'Member Removed');
  await mate.reload();
  await expect(mate.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mate.getByRole('combobox', { name: 'Store' })).toHaveCount(0);

  await mate.context().close();
});

test('an invitee who opens the invitation signed out signs in and is brought back to accept it', async ({ page, browser, baseURL }) => {
  const ownerEmail = uniqueEmail('team-owner-back');
  const mateEmail = uniqueEmail('team-mate-back');
  await createConfirmedAccount(page.request, { email: ownerEmail, name: 'Otto Owner', role: 'creator' });
  await signInThroughApi(page.request, ownerEmail);
  await setPlan(page, 'business');
  expect((await page.request.post('/api/teams/invites', { data: { email: mateEmail }, headers: { origin: baseURL! } })).status()).toBe(201);

  const mate = await (await browser.newContext({ baseURL })).newPage();
  await createConfirmedAccount(mate.request, { email: mateEmail, name: 'Mia Member', role: 'creator' });
  const link = await invitationLink(mate, mateEmail);
  await mate.context().clearCookies();
  await mate.goto(link);
  await expect(mate.getByText('Signing in brings you back here', { exact: false })).toBeVisible();
  await mate.getByRole('link', { name: 'Sign In' }).click();
  const form = mate.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(mateEmail);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(mate).toHaveURL(/\/team\/accept#/);
  await expect(mate.getByText(`You are signed in as ${mateEmail}.`)).toBeVisible();
  await mate.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(mate.getByText('You joined Otto Owner’s team.')).toBeVisible();
});

import type { Browser, Page } from '@playwright/test';
import { createSignedInAccount, expect, expectToast, lookAt, test, uniqueEmail } from './fixtures.ts';

const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * Creates a link with a custom code through the API (making links through the form is link-targeting's
 * journey; these are about editing one) and answers its row on the dashboard, to be opened after.
 */
async function createLink(page: Page, url: string, code: string) {
  const created = await page.request.post('/api/links', { data: { url, code } });
  expect(created.status(), await created.text()).toBe(201);
  return page.getByTestId(`link-row-${code}`);
}

/**
 * A visitor's own browser. The links' destinations on this site (/careers, /about, /contact) stand in
 * for other sites: where the visitor is sent is the journey, so they answer a bare page, not the whole app.
 */
async function visitorBrowser(browser: Browser) {
  const context = await browser.newContext();
  await context.route(/\/(careers|about|contact)(\?|$)/, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Destination</title>' }));
  return context;
}

test('a creator edits a link, keeps its clicks and sets a password; a visitor needs the right one', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // a visitor's own browser, screenshots in both themes at two widths
  await createSignedInAccount(page.request, { email: uniqueEmail('link-settings'), name: 'Lena Links', role: 'creator' });
  const code = uniqueCode('edit');
  const row = await createLink(page, `${baseURL}/careers`, code);
  await page.goto('/zerrilink-dashboard');
  await expect(row).toBeVisible();

  const visitor = await visitorBrowser(browser);
  const visit = await visitor.newPage();
  await visit.goto(`/z/${code}`);
  await expect(visit).toHaveURL(`${baseURL}/careers`);
  await expect(row.getByTestId('link-clicks')).toHaveText('1', { timeout: 10_000 });

  // The owner changes the destination and adds a password; the click stays.
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await dialog.getByLabel('Destination URL').fill('not a link');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('URL must start with http:// or https://')).toBeVisible();
  await expect(dialog.getByLabel('Destination URL')).toBeFocused();
  await dialog.getByLabel('Destination URL').fill(`${baseURL}/about`);
  await dialog.getByLabel('Ask for a password').check();
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('The password must be 4 to 128 characters.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('open-sesame');
  await lookAt(page, 'link-edit-dialog', (file) => testInfo.outputPath(file));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Link saved', `Your changes to ${code} are live.`);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`${baseURL}/about`);
  await expect(row.getByTestId('link-clicks')).toHaveText('1');
  await expect(row.getByRole('list', { name: 'Link rules' })).toHaveText('Password');

  // A visitor in a fresh browser gets the password page, never the destination without it.
  await visit.goto(`/z/${code}`);
  await expect(visit.getByRole('heading', { level: 1, name: 'Password required' })).toBeVisible();
  await expect(visit).toHaveURL(new RegExp(`/z/${code}$`));
  await lookAt(visit, 'link-password-page', (file) => testInfo.outputPath(file));
  const password = visit.getByLabel('Password');
  await password.fill('open-sesam');
  await visit.getByRole('button', { name: 'Continue' }).click();
  await expect(visit.getByText('That password is not right. Please try again.')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill('open-sesame');
  await password.press('Enter');
  await expect(visit).toHaveURL(`${baseURL}/about`);
  await expect(row.getByTestId('link-clicks')).toHaveText('2', { timeout: 10_000 });
  await visitor.close();
});

test('a link with a click limit ends after its last click and sends visitors to the address after expiry', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // a visitor's own browser, screenshots in both themes at two widths
  await createSignedInAccount(page.request, { email: uniqueEmail('link-expiry'), name: 'Ezra Expiry', role: 'creator' });
  const limited = uniqueCode('once');
  const limitedRow = await createLink(page, `${baseURL}/careers`, limited);
  await page.goto('/zerrilink-dashboard');
  await expect(limitedRow).toBeVisible();
  const visitor = await visitorBrowser(browser);
  const visit = await visitor.newPage();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await limitedRow.getByRole('button', { name: `Edit ${limited}` }).click();
  await dialog.getByLabel('Maximum clicks').fill('0');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(/The maximum number of clicks must be a whole number from 1/)).toBeVisible();
  await dialog.getByLabel('Maximum clicks').fill('1');
  await dialog.getByLabel('Address after expiry').fill(`${baseURL}/contact`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Link saved', `Your changes to ${limited} are live.`);
  await expect(limitedRow.getByRole('list', { name: 'Link rules' })).toHaveText('1 click left');

  await visit.goto(`/z/${limited}`);
  await expect(visit).toHaveURL(`${baseURL}/careers`);
  await visit.goto(`/z/${limited}`);
  await expect(visit).toHaveURL(`${baseURL}/contact`);
  await page.reload();
  await expect(limitedRow.getByRole('list', { name: 'Link rules' })).toHaveText('Ended');
  await expect(limitedRow.getByTestId('link-clicks')).toHaveText('1');
  await lookAt(page, 'link-rules-list', (file) => testInfo.outputPath(file));
  await visitor.close();
});

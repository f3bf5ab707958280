import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, createConfirmedAccount, expect, logIn, lookAt, openPage, seriousViolations, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The home page may greet first-time visitors with a modal; close it whenever it shows. */
async function dismissWelcomeModal(page: Page) {
  await page.addLocatorHandler(page.getByRole('button', { name: 'Okay, Got It!' }), async (button) => {
    await button.click();
  });
}

/** The toast that says `description`, with its title. */
async function expectToast(page: Page, title: string, description: string) {
  await expect(page.locator('[data-sonner-toast]', { hasText: description }).first()).toContainText(title);
}

/** Checks a code on /zerrilink until it shows `clicks` (clicks are written in batches each second). */
async function expectCheckedClicks(page: Page, code: string, clicks: string) {
  const form = page.getByRole('form', { name: 'Check a link' });
  await form.getByLabel('Link Code').fill(code);
  await expect(async () => {
    await form.getByRole('button', { name: 'Check Link' }).click();
    await expect(page.getByTestId('check-clicks')).toHaveText(clicks, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test('an anonymous visitor shortens on the home page, copies, opens the link and sees 1 click', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dismissWelcomeModal(page);
  await page.goto('/');
  const shortener = page.getByRole('region', { name: 'URL shortener' });
  const target = `${baseURL}/about`;
  await shortener.getByLabel('URL to shorten').fill(target);
  await shortener.getByRole('button', { name: 'Shorten' }).click();

  const shortUrl = shortener.getByTestId('short-url');
  await expect(shortUrl).toHaveText(new RegExp(`^${baseURL}/z/[A-Za-z0-9]{6}$`));
  await expect(shortener.getByLabel('URL to shorten')).toHaveValue('');
  const link = (await shortUrl.textContent())!;
  const code = link.split('/z/')[1]!;

  await shortener.getByRole('button', { name: /^Copy/ }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.goto(link);
  await expect(page).toHaveURL(target);

  await openPage(page, '/zerrilink');
  // A whole short URL is accepted as well as a bare code.
  await expectCheckedClicks(page, link, '1');
  const details = page.getByRole('region', { name: 'Link details' });
  await expect(details).toContainText(target);
  await expect(details).toContainText(code);
});

test('/zerrilink validates, reports a taken custom code and a missing link', async ({ page }) => {
  await page.goto('/zerrilink');
  await expect(page.getByRole('heading', { level: 1, name: 'ZerriLink' })).toBeVisible();
  const create = page.getByRole('form', { name: 'Create a short link' });
  await expect(create.getByRole('radio', { name: /Random alias/ })).toBeChecked();

  await create.getByRole('button', { name: 'Shorten' }).click();
  await expect(create.getByText('Please enter a URL to shorten.')).toBeVisible();
  await expectToast(page, 'Error Shortening URL', 'Please enter a URL to shorten.');

  await create.getByLabel('Long URL').fill('ftp://example.com/file');
  await create.getByRole('button', { name: 'Shorten' }).click();
  await expect(create.getByText('URL must start with http:// or https://')).toBeVisible();

  const code = uniqueCode('taken');
  await create.getByLabel('Long URL').fill('https://example.com/first');
  await create.getByRole('radio', { name: /Custom code/ }).click();
  await create.getByRole('button', { name: 'Shorten' }).click();
  await expect(create.getByText('Please enter your desired custom code.')).toBeVisible();
  await create.getByLabel('Custom Code', { exact: true }).fill('bad code!');
  await create.getByRole('button', { name: 'Shorten' }).click();
  await expect(create.getByText('Custom code can only contain letters, numbers, underscores, and hyphens.')).toBeVisible();

  await create.getByLabel('Custom Code', { exact: true }).fill(code);
  await create.getByRole('button', { name: 'Shorten' }).click();
  await expect(page.getByTestId('short-url')).toHaveText(new RegExp(`/z/${code}$`));
  await expect(create.getByLabel('Long URL')).toHaveValue('');

  await create.getByLabel('Long URL').fill('https://example.com/second');
  await create.getByLabel('Custom Code', { exact: true }).fill(code);
  await create.getByRole('button', { name: 'Shorten' }).click();
  const taken = `The code "${code}" is already taken. Please try a different one.`;
  await expect(create.getByText(taken)).toBeVisible();
  await expectToast(page, 'Error Shortening URL', taken);

  const check = page.getByRole('form', { name: 'Check a link' });
  await check.getByRole('button', { name: 'Check Link' }).click();
  await expect(check.getByText('Please enter a link code.')).toBeVisible();
  await check.getByLabel('Link Code').fill('nosuchcode42');
  await check.getByRole('button', { name: 'Check Link' }).click();
  const notFound = page.getByRole('alert').filter({ hasText: 'The link code "nosuchcode42" was not found.' });
  await expect(notFound).toContainText('Not Found');
  await expectToast(page, 'Not Found', 'The link code "nosuchcode42" was not found.');

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Creator Login / Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('the /z/ screen explains a missing or unknown link and goes to /zerrilink', async ({ page }) => {
  await page.clock.install();
  await page.goto('/z/no-such-link-here');
  await expect(page.getByRole('heading', { name: 'Link Not Found' })).toBeVisible();
  await expect(page.getByText('This shortlink does not exist or has been removed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to ZerriLink now' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.clock.fastForward(2_100);
  await expect(page).toHaveURL(/\/zerrilink$/);

  await openPage(page, '/z/');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await expect(page.getByText('The shortlink alias is missing.')).toBeVisible();
  await page.clock.fastForward(2_100);
  await expect(page).toHaveURL(/\/zerrilink$/);
});

test('/z/{code}+ previews the target without following it', async ({ page, request }) => {
  const target = 'https://example.org/some/long/page?ref=preview';
  const created = await request.post('/api/links', { data: { url: target } });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };

  await page.goto(`/z/${code}+`);
  await expect(page.getByTestId('preview-target')).toHaveText(target);
  const follow = page.getByRole('link', { name: 'Continue to site' });
  await expect(follow).toHaveAttribute('href', target);
  await expect(follow).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(page).toHaveURL(new RegExp(`/z/${code}\\+$`));
  expect(await seriousViolations(page)).toEqual([]);

  const details = await (await request.get(`/api/links/${code}`)).json();
  expect(details.clicks).toBe(0);
});

test('a link with a click limit does not tell a visitor where it goes before the visit, on /z/{code}+ and the check form', async ({ page, request }, testInfo) => {
  const target = 'https://example.org/limited/offer?ref=preview';
  const email = uniqueEmail('limited-link');
  await createConfirmedAccount(request, { email, role: 'creator' });
  await signInThroughApi(request, email);
  const created = await request.post('/api/links', { data: { url: target, maxClicks: 1 } });
  expect(created.status()).toBe(201);
  const { code, shortUrl } = (await created.json()) as { code: string; shortUrl: string };

  await page.goto(`/z/${code}+`);
  await expect(page.getByTestId('preview-target')).toHaveText('Shown only to the link\'s owner: this link has a click limit or an end date, so only a visit tells where it goes.');
  await expect(page.getByText('Following it uses one of its clicks.')).toBeVisible();
  // Continuing is a visit through the short link (which counts), never the destination itself.
  await expect(page.getByRole('link', { name: 'Continue to site' })).toHaveAttribute('href', shortUrl);
  expect(await page.content()).not.toContain('example.org/limited');
  await lookAt(page, 'limited-link-preview', (file) => testInfo.outputPath(file));

  await openPage(page, '/zerrilink');
  const form = page.getByRole('form', { name: 'Check a link' });
  await form.getByLabel('Link Code').fill(code);
  await form.getByRole('button', { name: 'Check Link' }).click();
  const result = page.getByRole('region', { name: 'Link details' });
  await expect(result).toContainText('Shown only to the link\'s owner');
  await expect(page.getByTestId('check-clicks')).toHaveText('0');
  await lookAt(page, 'limited-link-check', (file) => testInfo.outputPath(file));
});

test('a signed-in creator manages links in /zerrilink-dashboard, with live clicks, QR code, details and delete', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // the longest journey: creates, clicks through, waits for live counts, QR, details, delete
  const email = uniqueEmail('links');
  await createConfirmedAccount(request, { email });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'My Links' }).click();
  await expect(page).toHaveURL(/\/zerrilink-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Links' })).toBeVisible();
  await expect(page.getByText('You have no short links yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const code = uniqueCode('mine');
  const create = page.getByRole('form', { name: 'Create a short link' });
  await create.getByLabel('Long URL').fill(`${baseURL}/careers`);
  await create.getByRole('radio', { name: /Custom code/ }).click();
  await create.getByLabel('Custom Code', { exact: true }).fill(code);
  await create.getByRole('button', { name: 'Shorten' }).click();
  const row = page.getByTestId(`link-row-${code}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('link-clicks')).toHaveText('0');

  // A visit (a request with the browser's user agent, as from another tab; the /z/ journeys above
  // follow links in the browser) shows up without reloading (the links.clicked event).
  const visit = await page.request.get(`/z/${code}`, { maxRedirects: 0 });
  expect(visit.headers()['location']).toBe(`${baseURL}/careers`);
  await expect(row.getByTestId('link-clicks')).toHaveText('1', { timeout: 10_000 });

  await page.getByLabel('Search links').fill('zzz-nothing-like-this');
  await expect(page.getByText('No links match')).toBeVisible();
  await page.getByLabel('Search links').fill(code);
  await expect(row).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'Most clicks' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `QR code for ${code}` }).click();
  const qr = page.getByRole('dialog', { name: 'QR code' });
  await expect(qr.getByTestId('qr-code').locator('svg')).toBeVisible();
  await expect(qr.getByRole('button', { name: 'Download SVG' })).toBeVisible();
  const download = page.waitForEvent('download');
  await qr.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toBe(`zerrilink-${code}.png`);
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  await row.getByRole('link', { name: `Details of ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/zerrilink-dashboard/links/${code}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`/z/${code}`);
  await expect(page.getByTestId('total-clicks')).toHaveText('1');
  await expect(page.getByRole('img', { name: /Clicks per day from .*: 1 in total/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Browsers' })).toContainText('Chrome');
  expect(await seriousViolations(page)).toEqual([]);

  await openPage(page, '/zerrilink-dashboard/links/not-my-link');
  await expect(page.getByText('The link code "not-my-link" was not found.')).toBeVisible();

  await openPage(page, '/zerrilink-dashboard');
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this link?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await confirm.getByRole('button', { name: 'Delete Link' }).click();
  await expect(page.getByText('Link Deleted')).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByText('You have no short links yet.')).toBeVisible();
  expect((await request.get(`/api/links/${code}`)).status()).toBe(404);
});

test('an admin blocks a domain, which then cannot be shortened', async ({ page, request }) => {
  await createConfirmedAccount(request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Blocked Domains' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked Domains' })).toBeVisible();

  const domain = `${uniqueCode('spam')}.example`;
  const form = page.getByRole('form', { name: 'Block a domain' });
  await form.getByRole('button', { name: 'Block Domain' }).click();
  await expect(form.getByText('Please enter a domain.')).toBeVisible();
  await form.getByLabel('Domain').fill(`https://${domain}/path`);
  await form.getByRole('button', { name: 'Block Domain' }).click();
  const list = page.getByRole('list', { name: 'Blocked domains' });
  await expect(list.getByText(domain, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const refused = await request.post('/api/links', { data: { url: `https://www.${domain}/offer` } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toBe(`Links to ${domain} are not allowed on this site.`);

  await page.getByRole('button', { name: `Remove ${domain}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Domain' }).click();
  await expect(page.getByText('Domain Unblocked')).toBeVisible();
  await expect(page.getByText('No domains are blocked.')).toBeVisible();
});

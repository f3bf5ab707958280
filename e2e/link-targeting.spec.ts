import fs from 'node:fs';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { createSignedInAccount, expect, expectToast, lookAt, test, uniqueEmail } from './fixtures.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * A visitor's own browser. The link's destinations on this site (/careers, /about) stand in for other
 * sites: where the visitor is sent is the journey, so they answer a bare page, not the whole app.
 */
async function visitorBrowser(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.route(/\/(careers|about)(\?|$)/, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Destination</title>' }));
  return context;
}

test('a creator makes a link with targeting, a tag and UTM, edits it, downloads a coloured QR; an iPhone visitor goes to the iOS destination', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // two visitors' browsers, screenshots of four screens in both themes at two widths
  await createSignedInAccount(page.request, { email: uniqueEmail('link-targeting'), name: 'Tara Targets', role: 'creator' });
  await page.goto('/zerrilink-dashboard');
  const code = `tgt-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  // Create: custom code, then More options with an iOS destination, UTM and a new green tag.
  const create = page.getByRole('form', { name: 'Create a short link' });
  await create.getByLabel('Long URL').fill(`${baseURL}/careers`);
  await create.getByRole('radio', { name: /Custom code/ }).click();
  await create.getByLabel('Custom Code', { exact: true }).fill(code);
  await create.getByRole('button', { name: /More options/ }).click();
  await create.getByLabel('iOS destination').fill(`${baseURL}/about`);
  await create.getByLabel('Source').fill('newsletter');
  await create.getByLabel('Medium').fill('email');
  await create.getByLabel('New tag').fill('Spring');
  await create.getByLabel('Colour').selectOption('green');
  await create.getByRole('button', { name: 'Add tag' }).click();
  await expect(create.getByRole('button', { name: 'Spring', pressed: true })).toBeVisible();
  await lookAt(page, 'link-create-options', (file) => testInfo.outputPath(file));
  await create.getByRole('button', { name: 'Shorten' }).click();
  const row = page.getByTestId(`link-row-${code}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('list', { name: 'Tags' })).toHaveText('Spring');
  await expect(row.getByRole('list', { name: 'Link rules' })).toContainText('Targeting');
  await expect(row.getByRole('list', { name: 'Link rules' })).toContainText('UTM');

  // Edit shows the UTM kept with the link; a campaign is added.
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(dialog.getByLabel('Source')).toHaveValue('newsletter');
  await expect(dialog.getByLabel('iOS destination')).toHaveValue(`${baseURL}/about`);
  await expect(dialog.getByRole('button', { name: 'Spring', pressed: true })).toBeVisible();
  await dialog.getByLabel('Campaign').fill('launch');
  await dialog.getByRole('button', { name: 'Add a country' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Please pick a country for each country destination.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove country rule 1' }).click();
  await lookAt(page, 'link-edit-targeting', (file) => testInfo.outputPath(file));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Link saved', `Your changes to ${code} are live.`);
  await expect(dialog).toBeHidden();

  // The list filters by tag.
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Spring' });
  await expect(page.getByRole('list', { name: 'My links' }).getByRole('listitem').filter({ has: page.getByTestId('link-clicks') })).toHaveCount(1);
  await expect(row).toBeVisible();

  // A QR code in the owner's colours, downloaded as SVG and PNG.
  await row.getByRole('button', { name: `QR code for ${code}` }).click();
  const qr = page.getByRole('dialog', { name: 'QR code' });
  await qr.getByLabel('Code colour').fill('#5b21b6');
  await qr.getByLabel('Background').fill('#fef3c7');
  await expect(qr.getByTestId('qr-code').locator('svg path').first()).toHaveAttribute('fill', '#fef3c7');
  const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#db2777"/></svg>';
  await qr.getByLabel('Centre logo (optional)').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(logo) });
  await expect(qr.getByTestId('qr-code').locator('svg image')).toHaveCount(1);
  await lookAt(page, 'link-qr-colours', (file) => testInfo.outputPath(file));
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svgDownload.suggestedFilename()).toBe(`zerrilink-${code}.svg`);
  const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg).toContain('#5b21b6');
  expect(svg).toContain('#fef3c7');
  expect(svg).toContain('<image');
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(pngDownload.suggestedFilename()).toBe(`zerrilink-${code}.png`);
  expect(fs.readFileSync((await pngDownload.path())!).subarray(1, 4).toString()).toBe('PNG');
  await page.keyboard.press('Escape');

  // An iPhone goes to the iOS destination, a desktop browser to the default; both with the UTM.
  const utm = 'utm_source=newsletter&utm_medium=email&utm_campaign=launch';
  const iphone = await visitorBrowser(browser, { userAgent: IPHONE });
  const phone = await iphone.newPage();
  await phone.goto(`/z/${code}`);
  await expect(phone).toHaveURL(`${baseURL}/about?${utm}`);
  await iphone.close();
  const desktop = await visitorBrowser(browser);
  const visit = await desktop.newPage();
  await visit.goto(`/z/${code}`);
  await expect(visit).toHaveURL(`${baseURL}/careers?${utm}`);
  await desktop.close();
  await expect(row.getByTestId('link-clicks')).toHaveText('2', { timeout: 10_000 });

  // The analytics: operating systems and countries beside the others, a range and a CSV export.
  await row.getByRole('link', { name: `Details of ${code}` }).click();
  await expect(page.getByRole('heading', { name: 'Operating systems' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Operating systems' })).toContainText('iOS');
  await expect(page.getByRole('region', { name: 'Countries' })).toContainText('Unknown');
  await page.getByLabel('Date range').selectOption('7');
  await expect(page.getByTestId('range-clicks')).toHaveText('2');
  await page.getByLabel('Date range').selectOption('custom');
  await expect(page.getByLabel('From', { exact: true })).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain(',os,iOS,1');
  await lookAt(page, 'link-analytics-ranges', (file) => testInfo.outputPath(file));
});

// Issue #20, item 9 and part of 14: the public /pay/{id} page reads like a hosted invoice (merchant,
// number, dates, lines, total, Download PDF; no site header or footer), and the creator's invoice
// form lays its lines out as a table with column headers.
import fs from 'node:fs';
import { extractText } from 'unpdf';
import type { Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, expect, logIn, seriousViolations, setTheme, test, uniqueEmail } from './fixtures.ts';

/** The page never scrolls sideways (a wide table scrolls in its own box). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** With SCREENSHOTS=1: the page at 360 px and 1366 px wide, dark and light, for looking at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, 'dark');
  if (size) await page.setViewportSize(size);
}

test('the creator’s invoice form shows its lines as a table; the client’s /pay page is a hosted invoice with a PDF', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('invoice-page');
  await createConfirmedAccount(page.request, { email, name: 'Ines Invoicer' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The form: column headers, one row per line, each input named for its row.
  await page.goto('/dashboard/payments');
  const form = page.getByRole('form', { name: 'Create invoice' });
  const lines = form.getByRole('table');
  for (const header of ['Description', 'Quantity', 'Unit price (USD)', 'Amount']) {
    await expect(lines.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(form.getByText('Item 1 name')).toHaveCount(0); // no repeated visible labels
  await form.getByLabel('Client Name').fill('Acme Ltd');
  await form.getByLabel('Client Email').fill('billing@acme.test');
  await form.getByLabel('Description', { exact: true }).fill('Brand refresh, phase one');
  await form.getByLabel('Item 1 description').fill('Logo design');
  await form.getByLabel('Item 1 quantity').fill('2');
  await form.getByLabel('Item 1 unit price (USD)').fill('150');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await form.getByLabel('Item 2 description').fill('Business cards');
  await form.getByLabel('Item 2 unit price (USD)').fill('49.99');
  await expect(lines.getByRole('row').filter({ has: page.getByLabel('Item 1 description') })).toContainText('$300.00');
  await expect(lines.getByRole('button', { name: 'Remove item 2' })).toBeVisible();
  await expect(form.getByRole('status').filter({ hasText: '$349.99' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await expect(form.getByLabel('Item 2 unit price (USD)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, testInfo, 'invoice-form');
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Acme Ltd' });
  await expect(row).toContainText('$349.99');

  const { items } = (await (await page.request.get('/api/invoices')).json()) as { items: { id: string; clientName: string; payUrl: string }[] };
  const invoice = items.find((item) => item.clientName === 'Acme Ltd')!;

  // The client, signed out, opens the link.
  const clientContext = await browser.newContext({ acceptDownloads: true });
  const client = await clientContext.newPage();
  await client.goto(invoice.payUrl);
  await expect(client.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible({ timeout: 20_000 });
  await expect(client.getByText('From Ines Invoicer')).toBeVisible();
  await expect(client.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  const details = client.getByRole('definition');
  await expect(client.getByRole('term').filter({ hasText: 'Invoice number' })).toBeVisible();
  await expect(details.filter({ hasText: invoice.id })).toBeVisible();
  await expect(client.getByRole('term').filter({ hasText: 'Issue date' })).toBeVisible();
  await expect(client.getByRole('term').filter({ hasText: 'Due date' })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'Billed to' })).toBeVisible();
  await expect(client.getByText('Acme Ltd')).toBeVisible();
  await expect(client.getByText('billing@acme.test')).toHaveCount(0); // the client's e-mail stays off a forwardable page
  const table = client.getByRole('table', { name: 'Items' });
  for (const header of ['Item', 'Qty', 'Unit price', 'Amount']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Logo design' })).toContainText('$300.00');
  await expect(table.getByRole('row', { name: /^Subtotal/ })).toContainText('$349.99');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('$349.99');
  await expect(client.getByText('Pending')).toBeVisible();
  await expect(client.getByRole('button', { name: 'Pay $349.99' })).toBeVisible();
  // No marketing header or footer.
  await expect(client.getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
  await expect(client.getByRole('banner')).toHaveCount(0);
  await expect(client.getByRole('contentinfo')).toHaveCount(0);
  expect(await seriousViolations(client)).toEqual([]);
  await setTheme(client, 'light');
  expect(await seriousViolations(client)).toEqual([]);
  await setTheme(client, 'dark');

  // Download PDF: the invoice as a file.
  const [download] = await Promise.all([client.waitForEvent('download'), client.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoice.id}.pdf`);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Its text as a PDF reader extracts it (the fonts are embedded subsets, so the bytes hold no plain text).
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  for (const words of [invoice.id, 'Ines Invoicer', 'Acme Ltd', 'Logo design', '$349.99', 'Pending']) expect(text).toContain(words);

  await client.setViewportSize({ width: 360, height: 800 });
  await expect(table).toBeVisible();
  expect(await pageWidth(client)).toBeLessThanOrEqual(360);
  expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true); // the lines fit a phone
  expect(await seriousViolations(client)).toEqual([]);
  await shots(client, testInfo, 'pay-page');

  // Paid: the page says so and the header shows the day it was paid.
  expect((await page.request.post(`/api/invoices/${invoice.id}/mark-paid`)).ok()).toBe(true);
  await client.reload();
  await expect(client.getByText(/This invoice was paid on/)).toBeVisible();
  await expect(client.getByText(/^Paid on /)).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await shots(client, testInfo, 'pay-page-paid');
  await clientContext.close();
});

import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, logIn, lookAt, test, uniqueEmail } from './fixtures.ts';

// The ZerriLink issue: bulk import with a report per row, and a visitor's report of a link that an admin acts on.
test('a creator imports a mixed file; a visitor reports an imported link and an admin disables it', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // three browsers, screenshots in both themes at two widths
  const suffix = Date.now().toString(36);
  const good = `imp-${suffix}`;
  const email = uniqueEmail('link-import');
  await createConfirmedAccount(page.request, { email, name: 'Ines Import', role: 'creator' });
  await logIn(page, email, '/zerrilink-dashboard');

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import links' });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Please choose a CSV file to import.')).toBeVisible();
  const csv = [
    'url,code,tags',
    `${baseURL}/careers,${good},imported;spring`,
    'ftp://files.example/x,,',
    `${baseURL}/about,${good},`,
    `${baseURL}/pricing,=cmd,`,
    `${baseURL}/store,,`,
  ].join('\n');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 created, 3 refused.');
  const rows = dialog.getByRole('table', { name: 'What happened to each row of the file' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('Created');
  await expect(rows.nth(2)).toContainText('Refused: URL must start with http:// or https://');
  await expect(rows.nth(3)).toContainText(`Refused: The code "${good}" is used more than once in the file.`);
  await expect(rows.nth(4)).toContainText('Refused: Custom code can only contain letters, numbers, underscores, and hyphens.');
  await expect(rows.nth(5)).toContainText('Created');
  await lookAt(page, 'link-import-report', (file) => testInfo.outputPath(file));

  // The report downloads as CSV; a cell that would start a formula is written as text.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download report (CSV)' }).click()]);
  const text = await (await import('node:fs')).promises.readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Line,url,code,Result,short_url,Reason');
  expect(text).toContain(`5,${baseURL}/pricing,'=cmd,refused,,"Custom code can only contain letters`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId(`link-row-${good}`)).toBeVisible();

  // A visitor looks at the link's preview page and reports it, without an account.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/z/${good}+`);
  await expect(visitor.getByTestId('preview-target')).toHaveText(`${baseURL}/careers`);
  await visitor.getByRole('button', { name: 'Report this link' }).click();
  const form = visitor.getByRole('form', { name: 'Report this link' });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Please pick a reason for your report.')).toBeVisible();
  await form.getByLabel('Reason').selectOption({ label: 'Phishing or scam' });
  await form.getByLabel('Details (optional)').fill('It asks for my bank password.');
  await lookAt(visitor, 'link-report-form', (file) => testInfo.outputPath(file));
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Thank you. Our team will look at this link.');

  // An admin sees the report beside the blocklist and disables the link.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(admin, ADMIN_EMAIL, '/admin/blocked-domains');
  await expect(admin).toHaveURL(/\/admin\/blocked-domains$/);
  const reports = admin.getByRole('list', { name: 'Reports of links' });
  const item = reports.getByRole('listitem').filter({ hasText: `/z/${good}` });
  await expect(item).toContainText('Phishing or scam');
  await expect(item).toContainText('It asks for my bank password.');
  await lookAt(admin, 'link-reports-admin', (file) => testInfo.outputPath(file));
  await item.getByRole('button', { name: `Disable link /z/${good}` }).click();
  await expectToast(admin, 'Link disabled', `The reports of /z/${good} are closed.`);
  await expect(reports.getByRole('listitem').filter({ hasText: `/z/${good}` })).toHaveCount(0);

  // The link stops at once: the visitor now gets the not-found screen.
  await visitor.goto(`/z/${good}`);
  await expect(visitor.getByRole('heading', { name: 'Link Not Found' })).toBeVisible();
  await visitorContext.close();
  await adminContext.close();
});

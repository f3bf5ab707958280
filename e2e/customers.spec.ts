// Issue #46, Customers and audience: a creator imports a list of subscribers from a CSV file through
// the dialog, sees the counts and the imported person pending on Customers, and their history. A post
// sent right after reaches the buyer but not the imported address, which only has its confirmation
// mail; once the link in it is followed, the next post reaches it too.
import type { APIRequestContext, Page } from '@playwright/test';
import { buyThroughApi, createConfirmedAccount, expect, logIn, lookAt, test, uniqueEmail, uploadProduct } from './fixtures.ts';

/** A post to everyone, sent through the API; answers once the queue has sent it. */
async function sendPost(request: APIRequestContext, subject: string) {
  const created = await request.post('/api/audience/posts', { data: { subject, body: `${subject}: news for everyone.`, audience: { kind: 'everyone' } } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/api/audience/posts/${id}/send`, { data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect.poll(async () => ((await (await request.get(`/api/audience/posts/${id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe('sent');
}

/** The dev mailbox's mails to `email` with this text. */
const mailsTo = (page: Page, email: string, text: string) => page.getByRole('article').filter({ hasText: `To ${email}` }).filter({ hasText: text });

test('a creator imports subscribers, sees them pending on Customers, and they get nothing but the confirmation until they confirm', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const creatorEmail = uniqueEmail('customers-creator');
  await createConfirmedAccount(page.request, { email: creatorEmail, name: 'Cleo Customers', role: 'creator' });
  await logIn(page, creatorEmail);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const product = await uploadProduct(page.request, { name: 'Watercolour Brushes', price: '12' });
  const buyerEmail = uniqueEmail('customers-buyer');
  await buyThroughApi(page.request, { email: buyerEmail, productIds: [product.id] });

  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your customers, most recent activity first' });
  await expect(table.getByRole('row').filter({ hasText: buyerEmail })).toContainText('$12.00');

  // The import: a Mailchimp export with a new address, the same again in capitals and a broken one.
  const imported = uniqueEmail('customers-ivy');
  const csv = ['Email Address,First Name,Last Name', `${imported},Ivy,Import`, `${imported.toUpperCase()},Ivy,Import`, 'not-an-address,No,Body'].join('\n');
  await page.getByRole('button', { name: 'Import subscribers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subscribers' });
  await expect(dialog.getByText('E-mail: Email, Email Address, E-mail.', { exact: false })).toBeVisible();
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'mailchimp.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Please confirm that these people asked to hear from you.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'These people asked to hear from me' }).check();
  await lookAt(page, 'customers-import', (file) => testInfo.outputPath(file));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 new subscriber was sent a confirmation mail.');
  const count = (label: string) => dialog.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(count('Added, awaiting confirmation')).toHaveText('1');
  await expect(count('Repeated in the file')).toHaveText('1');
  await expect(count('Not a valid e-mail address')).toHaveText('1');
  await expect(count('Already subscribed')).toHaveText('0');
  await lookAt(page, 'customers-import-done', (file) => testInfo.outputPath(file));
  await dialog.getByRole('button', { name: 'Done' }).click();

  // On Customers: pending, with the name from the file; the search finds them; their history.
  const row = table.getByRole('row').filter({ hasText: imported });
  await expect(row).toContainText('Ivy Import');
  await expect(row).toContainText('Awaiting confirmation');
  await lookAt(page, 'customers', (file) => testInfo.outputPath(file));
  await page.getByRole('searchbox', { name: 'Search' }).fill('ivy imp');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and Ivy
  await page.getByRole('combobox', { name: 'Subscribed' }).selectOption('yes');
  await expect(page.getByText('Nobody matches')).toBeVisible();
  await page.getByRole('combobox', { name: 'Subscribed' }).selectOption('');
  await table.getByRole('button', { name: 'History of Ivy Import' }).click();
  const history = page.getByRole('dialog', { name: 'Ivy Import' });
  await expect(history.getByText('Signed up for your updates')).toBeVisible();
  await lookAt(page, 'customers-history', (file) => testInfo.outputPath(file));
  await history.getByRole('button', { name: 'Close' }).click();

  // A post right after: the buyer gets it; the imported address only has its confirmation.
  await sendPost(page.request, 'Spring colours');
  const mailbox = await browser.newPage();
  await mailbox.goto('/dev/mailbox');
  await expect(mailsTo(mailbox, buyerEmail, 'Spring colours')).toHaveCount(1);
  await expect(mailsTo(mailbox, imported, 'Confirm your sign-up on Zerri')).toHaveCount(1);
  await expect(mailbox.getByRole('article').filter({ hasText: `To ${imported}` })).toHaveCount(1);

  // Confirmed through the mail's link: the next post reaches them.
  await mailsTo(mailbox, imported, 'Confirm your sign-up on Zerri').getByRole('link', { name: /\/api\/audience\/confirm\?token=/ }).click();
  await expect(mailbox.getByText('Thanks! You will get this creator’s updates by e-mail.')).toBeVisible();
  await sendPost(page.request, 'Summer colours');
  await mailbox.goto('/dev/mailbox');
  await expect(mailsTo(mailbox, imported, 'Summer colours')).toHaveCount(1);
  await expect(mailsTo(mailbox, imported, 'Spring colours')).toHaveCount(0);
  await mailbox.close();
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: imported })).toContainText('Subscribed');
});

import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, seriousViolations, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

test('a creator invoices a client who pays on the payment page; the creator is paid out after an admin completes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('billing');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await createConfirmedAccount(page.request, { email, name: 'Nova Maker' });
  // Signed in through the API (the login form has its own journeys in auth.spec.ts), straight to the overview.
  await signInThroughApi(page.request, email);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The overview's quick action makes a real payment request and copies its /pay link.
  await page.getByRole('button', { name: 'Generate Payment Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Generate payment link' });
  await linkDialog.getByRole('button', { name: 'Create & Copy Link' }).click();
  await expect(linkDialog.getByRole('alert')).toHaveText('Please enter an amount greater than 0.');
  await linkDialog.getByLabel('Amount (USD)').fill('25');
  await linkDialog.getByLabel('Description').fill('Coaching call');
  expect(await seriousViolations(page)).toEqual([]);
  await linkDialog.getByRole('button', { name: 'Create & Copy Link' }).click();
  await expectToast(page, 'Copied!');
  const requestUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(requestUrl).toMatch(/\/pay\/inv_[A-Za-z0-9]{20}$/);
  await expect(linkDialog.getByLabel('Payment link')).toHaveValue(requestUrl);
  await linkDialog.getByRole('button', { name: 'Done' }).click();

  // An invoice with two items; the spec's message first when the form is incomplete.
  await page.getByRole('complementary').getByRole('link', { name: 'Client Payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Client Payments & Invoices' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Coaching call' })).toContainText('$25.00');
  const form = page.getByRole('form', { name: 'Create invoice' });
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Missing Fields: Client name, email, and valid item details (name, quantity > 0, price > 0) are required.',
  );
  await expect(form.getByRole('button', { name: /Remove item/ })).toHaveCount(0); // the first item stays
  await form.getByLabel('Client Name').fill('Acme Ltd');
  await form.getByLabel('Client Email').fill('billing@acme.test');
  await form.getByLabel('Description', { exact: true }).fill('Brand refresh, phase one');
  await form.getByLabel('Item 1 description').fill('Logo design');
  await form.getByLabel('Item 1 quantity').fill('2');
  await form.getByLabel('Item 1 unit price (USD)').fill('150');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await form.getByLabel('Item 2 description').fill('Business cards');
  await form.getByLabel('Item 2 unit price (USD)').fill('49.99');
  await expect(form.getByRole('status').filter({ hasText: '$349.99' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Create Invoice' }).click();
  await expectToast(page, 'Invoice Created', 'Acme Ltd');

  const row = page.getByRole('row').filter({ hasText: 'Acme Ltd' });
  await expect(row).toContainText('$349.99');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Copy Link/ }).click();
  await expectToast(page, 'Copied!');
  const payUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(payUrl).toMatch(/\/pay\/inv_[A-Za-z0-9]{20}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // The client opens the link in a fresh browser and pays with the test card (the admin uses it afterwards).
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(payUrl);
  await expect(client.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible({ timeout: 20_000 });
  await expect(client.getByText('From Nova Maker')).toBeVisible();
  await expect(client.getByRole('row').filter({ hasText: 'Logo design' })).toContainText('$300.00');
  await expect(client.getByRole('row').filter({ hasText: 'Business cards' })).toContainText('$49.99');
  await expect(client.getByRole('row', { name: /Total/ })).toContainText('$349.99');
  await expect(client.getByText('Pending')).toBeVisible();
  expect(await seriousViolations(client)).toEqual([]);
  await client.getByRole('button', { name: 'Pay $349.99' }).click();
  const card = client.getByRole('form', { name: /card/i });
  await card.getByLabel(/Card number/i).fill('4242 4242 4242 4242');
  await card.getByLabel(/Expir/i).fill('12/39');
  await card.getByLabel(/CVC/i).fill('123');
  expect(await seriousViolations(client)).toEqual([]);
  await card.getByRole('button', { name: /Pay/ }).click();
  await expect(client.getByText(/This invoice was paid on/)).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  // Reloading shows it paid, with nothing left to pay.
  await client.reload();
  await expect(client.getByText(/This invoice was paid on/)).toBeVisible();
  await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // The creator's list turned Paid without a reload.
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /^Mark as Paid/ })).toHaveCount(0);

  // Payouts: the balance holds the paid invoice; a PayPal method, then one payout.
  await page.getByRole('complementary').getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Payouts' })).toBeVisible();
  await expect(page.getByText('$349.99', { exact: true })).toBeVisible();
  await expect(page.getByText('Payouts are typically processed within 3-5 business days.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Payout' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Setup Required' })).toContainText('Please set up a payout method first.');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Set Up Payout Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payout Method' });
  await dialog.getByLabel('PayPal email').fill('nova-at-paypal');
  await dialog.getByRole('button', { name: 'Save Method' }).click();
  await expect(dialog.getByText('Invalid Email: Please enter a valid email address.')).toBeVisible(); // next to the field
  await expect(dialog.getByLabel('PayPal email')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('PayPal email').fill('nova@paypal.test');
  await dialog.getByRole('button', { name: 'Save Method' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Payout Method Saved');
  await expect(page.getByText('PayPal (nova@paypal.test)')).toBeVisible();

  const request = page.getByRole('button', { name: 'Request Payout' });
  await expect(request).toBeEnabled();
  await request.click();
  const payoutDialog = page.getByRole('dialog', { name: 'Request a Payout' });
  await expect(payoutDialog.getByLabel('Amount (USD)')).toHaveValue('349.99');
  await expect(payoutDialog).toContainText('The money goes to PayPal (nova@paypal.test).');
  await payoutDialog.getByRole('button', { name: 'Confirm Payout' }).dblclick();
  await expectToast(page, 'Payout Requested', '$349.99');
  await expect(payoutDialog).toBeHidden();
  const history = page.getByRole('table', { name: 'Payout History' });
  await expect(history.getByRole('row')).toHaveCount(2); // header and one payout, despite the double click
  await expect(history.getByRole('row').nth(1)).toContainText('Processing');
  await expect(history.getByRole('row').nth(1)).toContainText('$349.99');
  await expect(page.getByRole('status').filter({ hasText: 'No Funds' })).toContainText('No available balance for payout.');
  await expect(request).toBeDisabled();

  // An admin marks the payout completed; the creator's history follows live. The admin signs in through
  // the API (the login form has its own journeys) in the client's browser, and opens Transactions directly.
  await clientContext.clearCookies();
  const admin = client;
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(admin.request, ADMIN_EMAIL);
  await admin.goto('/admin/transactions');
  await expect(admin).toHaveURL(/\/admin\/transactions$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole('tab', { name: /Payouts/ }).click();
  const payoutRow = admin.getByRole('row').filter({ hasText: email });
  await expect(payoutRow).toContainText('$349.99');
  await expect(payoutRow).toContainText('PayPal (nova@paypal.test)');
  expect(await seriousViolations(admin)).toEqual([]);
  await payoutRow.getByRole('button', { name: /^Mark Completed/ }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Mark this payout completed?' });
  await confirm.getByRole('button', { name: 'Mark Completed' }).click();
  await expectToast(admin, 'Payout Completed', 'Nova Maker');
  await expect(payoutRow).toHaveCount(0); // no longer awaiting an admin
  await admin.getByLabel('Show').selectOption({ label: 'All payouts' });
  await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Completed');
  await clientContext.close();

  await expect(history.getByRole('row').nth(1)).toContainText('Completed');
});

// Issue #20 item 10: Request Payout asks for an amount (the whole balance to start with, at least the
// minimum) and confirms it in a dialog that names where the money goes. Issue #45: the bank account is
// entered in a form that follows its country (decision 034).
import { ADMIN_EMAIL, createConfirmedAccount, expect, expectToast, logIn, lookAt, seriousViolations, shot, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const SHOTS = process.env.PAYOUTS_SHOTS_DIR ?? '/tmp/pw-payouts-shots';

test('a creator enters a bank account by its country, then chooses the amount of a payout and confirms it in a dialog naming the method', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('pia');
  await createConfirmedAccount(page.request, { email, name: 'Pia Payee', role: 'creator' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // A client pays a $120.00 invoice with the test card; the payouts go to a bank account.
  const invoice = await page.request.post('/api/invoices', {
    data: { clientName: 'Acme Ltd', clientEmail: 'billing@acme.test', description: 'Design', items: [{ name: 'Design', quantity: 1, unitPrice: '120.00' }] },
  });
  expect(invoice.status()).toBe(201);
  const invoiceId = ((await invoice.json()) as { invoice: { id: string } }).invoice.id;
  const payer = await browser.newContext();
  const order = await payer.request.post(`/api/pay/${invoiceId}/orders`, { data: {} });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { order: { id: string } }).order.id;
  expect((await payer.request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).ok()).toBe(true);
  await payer.close();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'My Payouts' })).toBeVisible();
  await expect(page.getByText('$120.00', { exact: true })).toBeVisible();

  // The bank form, by keyboard from PayPal: holder, country, then the country's account fields.
  const out = (file: string) => testInfo.outputPath(file);
  await page.getByRole('button', { name: 'Set Up Payout Method' }).click();
  const methodDialog = page.getByRole('dialog', { name: 'Payout Method' });
  await methodDialog.getByRole('radio', { name: 'PayPal' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(methodDialog.getByRole('radio', { name: 'Bank account' })).toBeFocused();
  await page.keyboard.press('Space'); // a press too short for Radix to check on arrow focus; Space checks the focused radio
  await expect(methodDialog.getByRole('radio', { name: 'Bank account' })).toBeChecked();
  const holder = methodDialog.getByLabel('Account holder');
  const country = methodDialog.getByLabel("Bank's country");
  const iban = methodDialog.getByLabel('IBAN');
  const save = methodDialog.getByRole('button', { name: 'Save Method' });
  await expect(iban).toHaveCount(0); // no country yet
  await holder.fill('Pia Payee');
  await country.selectOption('DE');
  await iban.fill('DE88 3704 0044 0532 0130 00'); // one check digit wrong
  await save.click();
  await expect(methodDialog.getByText("Please enter this country's IBAN: check its length and digits.")).toBeVisible();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(iban).toBeFocused();
  await expect(holder).not.toHaveAttribute('aria-invalid', 'true');
  await lookAt(page, 'payout-bank-iban-error', out);

  // A US account: account and routing number instead of the IBAN, each checked.
  await country.selectOption('US');
  await expect(iban).toHaveCount(0);
  await methodDialog.getByLabel('Account number').fill('000123456789');
  await methodDialog.getByLabel('Routing number (ABA)').fill('021000022');
  await save.click();
  await expect(methodDialog.getByText('Please enter the 9-digit ABA routing number.')).toBeVisible();
  await expect(methodDialog.getByLabel('Routing number (ABA)')).toHaveAttribute('aria-invalid', 'true');
  await lookAt(page, 'payout-bank-us-error', out);

  // Back to Germany with the right IBAN: saved, shown by its last four digits, and grouped by four when edited.
  await country.selectOption('DE');
  await iban.fill('de89370400440532013000');
  await save.click();
  await expectToast(page, 'Payout Method Saved', 'Your payouts will go to your bank account.');
  await expect(methodDialog).toBeHidden();
  await expect(page.getByText('Bank account ••••3000')).toBeVisible();
  await page.getByRole('button', { name: 'Change Method' }).click();
  await expect(holder).toHaveValue('Pia Payee');
  await expect(country).toHaveValue('DE');
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
  await lookAt(page, 'payout-bank-saved', out);
  await methodDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(methodDialog).toBeHidden();

  // The dialog starts with the whole balance and names the method; Cancel makes no payout.
  const request = page.getByRole('button', { name: 'Request Payout' });
  await request.click();
  const dialog = page.getByRole('dialog', { name: 'Request a Payout' });
  const amount = dialog.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue('120.00');
  await expect(dialog).toContainText('The money goes to Bank account ••••3000.');
  await expect(dialog).toContainText('At least $10.00; your available balance is $120.00.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: `${SHOTS}/payout-dialog-1366.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Payout History' })).toHaveCount(0);

  // Too much, too little or not an amount: refused in the dialog, with the reason.
  await request.click();
  await amount.fill('500');
  await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(dialog.getByText('You can request at most your available balance, $120.00.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: `${SHOTS}/payout-dialog-error-1366.png` });
  await amount.fill('9.99');
  await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(dialog.getByText('The smallest payout is $10.00.')).toBeVisible();
  await amount.fill('ten');
  await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
  await expect(dialog.getByText('Please enter an amount in dollars and cents, like 25.00.')).toBeVisible();

  // Part of the balance: the payout appears in the history, the rest stays.
  await amount.fill('45.50');
  await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
  await expectToast(page, 'Payout Requested', '$45.50');
  await expect(dialog).toBeHidden();
  const history = page.getByRole('table', { name: 'Payout History' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('$45.50');
  await expect(history.getByRole('row').nth(1)).toContainText('Bank account ••••3000');
  await expect(history.getByRole('row').nth(1)).toContainText('Processing');
  await expect(page.getByText('$74.50', { exact: true })).toBeVisible();

  // A phone: the dialog fits, starting with what is left.
  await page.setViewportSize({ width: 360, height: 780 });
  await request.click();
  await expect(amount).toHaveValue('74.50');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, { path: `${SHOTS}/payout-dialog-360.png` });
  await amount.fill('70');
  await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
  await expectToast(page, 'Payout Requested', '$70.00');
  await expect(history.getByRole('row')).toHaveCount(3);

  // $4.50 left, under the minimum: Request Payout says so.
  await expect(page.getByText('$4.50', { exact: true })).toBeVisible();
  await expect(request).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Below Minimum' })).toContainText('Payouts start at $10.00.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360); // the history scrolls inside its card
  await shot(page, { path: `${SHOTS}/payouts-below-minimum-360.png`, fullPage: true });

  // The admin who pays by hand sees the holder, the country and the IBAN grouped by four.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await signInThroughApi(admin.request, ADMIN_EMAIL);
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto('/admin/transactions');
  await admin.getByRole('tab', { name: /Payouts/ }).click();
  const payoutRows = admin.getByRole('row').filter({ hasText: email });
  await expect(payoutRows).toHaveCount(2);
  await expect(payoutRows.first()).toContainText('Pia Payee');
  await expect(payoutRows.first()).toContainText('Germany (DE)');
  await expect(payoutRows.first()).toContainText('DE89 3704 0044 0532 0130 00');
  await lookAt(admin, 'payout-bank-admin', out);

  // The admin debits Pia's balance with a reason (issue #45): it is refused without one, then posted;
  // Pia's open payouts page shows the debt, the reason, and payouts on hold.
  await admin.goto('/admin/users');
  await admin.getByLabel('Search by name or e-mail').fill(email);
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await lookAt(admin, 'admin-users-adjust-balance', out);
  await admin.getByRole('button', { name: `Adjust Balance of ${email}` }).click();
  const adjust = admin.getByRole('dialog', { name: 'Adjust the balance of Pia Payee' });
  await adjust.getByRole('radio', { name: 'Debit (take from the balance)' }).click();
  await adjust.getByLabel('Amount (USD)').fill('10.00');
  await adjust.getByRole('button', { name: 'Adjust Balance' }).click();
  await expect(adjust.getByText('Please say why the balance is adjusted; the creator sees it.')).toBeVisible();
  await expect(adjust.getByLabel('Reason')).toBeFocused();
  await lookAt(admin, 'balance-adjustment-dialog', out);
  await adjust.getByLabel('Reason').fill('Correction: a duplicated invoice payment');
  await adjust.getByRole('button', { name: 'Adjust Balance' }).click();
  await expectToast(admin, 'Balance Adjusted', `${email}: the balance is now -$5.50.`);
  await expect(adjust).toBeHidden();
  await adminContext.close();

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByText('-$5.50', { exact: true })).toBeVisible();
  const adjustments = page.getByRole('table', { name: 'Balance Adjustments' });
  await expect(adjustments.getByRole('row').nth(1)).toContainText('-$10.00');
  await expect(adjustments.getByRole('row').nth(1)).toContainText('Correction: a duplicated invoice payment');
  await expect(page.getByRole('status').filter({ hasText: 'Payouts On Hold' })).toContainText('left your balance at -$5.50');
  await lookAt(page, 'payouts-adjusted', out);
});

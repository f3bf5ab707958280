// Issue #20 item 6: a sale, a refund and a paid invoice show the same money on the creator's
// overview and payouts page and on the admin's overview and transactions (src/shared/sales-money.ts).
import { ADMIN_EMAIL, createConfirmedAccount, expect, logIn, seriousViolations, test, uniqueEmail } from './fixtures.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

test('earnings, balance, revenue and fees agree on every screen', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('mona');
  await createConfirmedAccount(page.request, { email, name: 'Mona Money', role: 'creator' });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const upload = async (name: string, price: string) => {
    const response = await page.request.post('/api/products', {
      multipart: { name, price, category: 'Templates', file: { name: 'pack.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') } },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { product: { id: string } }).product.id;
  };
  const kept = await upload('Kept Pack', '18.00');
  const returned = await upload('Returned Pack', '5.00');

  // A buyer pays for both products, and a client pays a $571.50 invoice, with the test card.
  const payer = await browser.newContext();
  const pay = async (orderId: string) => expect((await payer.request.post(`/api/orders/${orderId}/pay`, { data: { card: CARD } })).ok()).toBe(true);
  for (const productId of [kept, returned]) {
    const order = await payer.request.post('/api/checkout', { data: { email: uniqueEmail('fan'), productIds: [productId] } });
    expect(order.status()).toBe(201);
    await pay(((await order.json()) as { orderId: string }).orderId);
  }
  const invoice = await page.request.post('/api/invoices', {
    data: { clientName: 'Acme Ltd', clientEmail: 'billing@acme.test', description: 'Consulting', items: [{ name: 'Consulting', quantity: 1, unitPrice: '571.50' }] },
  });
  expect(invoice.status()).toBe(201);
  const invoiceId = ((await invoice.json()) as { invoice: { id: string } }).invoice.id;
  const invoiceOrder = await payer.request.post(`/api/pay/${invoiceId}/orders`, { data: {} });
  expect(invoiceOrder.status()).toBe(201);
  await pay(((await invoiceOrder.json()) as { order: { id: string } }).order.id);
  await payer.close();

  // The creator refunds the $5 sale.
  const sales = (await (await page.request.get('/api/my/sales')).json()) as { items: { id: string; productName: string }[] };
  const refund = sales.items.find((sale) => sale.productName === 'Returned Pack')!;
  expect((await page.request.post(`/api/sales/${refund.id}/refund`, { data: {} })).ok()).toBe(true);

  // Revenue $18.00 + $571.50; earnings less the 1% fee on the $18.00 sale.
  await page.goto('/dashboard');
  await expect(page.getByTestId('total-earnings')).toHaveText('$589.32');
  await expect(page.getByText('Platform fee (1% on the Free plan): $0.18')).toBeVisible();
  await page.goto('/dashboard/payouts');
  await expect(page.getByText('$589.32', { exact: true })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await createConfirmedAccount(admin.request, { email: ADMIN_EMAIL, name: 'Ada Admin' });
  await logIn(admin, ADMIN_EMAIL);
  await expect(admin).toHaveURL(/\/admin$/, { timeout: 30_000 });
  // Platform-wide totals include the other journeys' sales on this shared server, euros among them
  // (the API tests check them exactly); here: US dollars come first, and the invoice counts among the transactions.
  await expect(admin.getByTestId('total-revenue')).toHaveText(/^\$[\d,]+\.\d{2}/);
  await expect(admin.getByTestId('recent-transactions').getByRole('row').filter({ hasText: '$571.50' }).first()).toBeVisible();

  await admin.goto('/admin/transactions');
  await expect(admin.getByTestId('transactions-revenue')).toHaveText(/^\$[\d,]+\.\d{2}/);
  const invoiceRow = admin.getByRole('row').filter({ hasText: 'Invoice payment' }).filter({ hasText: '$571.50' }).first();
  await expect(invoiceRow).toContainText('Consulting');
  await expect(invoiceRow).toContainText('$571.50');
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();
});

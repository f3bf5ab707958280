import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { buyThroughApi, createSignedInAccount, expect, lookAt, test, uniqueEmail, uploadProduct } from './fixtures.ts';

// Issue #44: a buyer keeps a PDF receipt of what they paid, in their own name whatever its script. The
// stage (a creator with seller details, a product, a guest's paid order) is set through the API.
test('a buyer with a non-Latin name fills the receipt page’s details and downloads the PDF receipt with the store’s order number', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await createSignedInAccount(request, { email: uniqueEmail('receipt-pdf-creator'), name: 'Maya Patel' });
  const settings = await request.patch('/api/profile', { data: { sellerName: 'Maya Studio Łódź', sellerAddress: 'ul. Piotrkowska 1\n90-001 Łódź', sellerTaxId: 'PL1234567890' } });
  expect(settings.ok(), await settings.text()).toBe(true);
  const name = `Field Notes ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, { name, price: '12', category: 'eBook', file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 notes') } });

  // A guest pays; back from paying, the payer's receipt link opens the page.
  const email = uniqueEmail('receipt-pdf-buyer');
  const orderId = await buyThroughApi(page.request, { email, productIds: [product.id] });
  const link = await page.request.post(`/api/orders/${orderId}/receipt-link`);
  expect(link.ok(), await link.text()).toBe(true);
  await page.goto(((await link.json()) as { path: string }).path);
  await expect(page.getByRole('heading', { level: 1, name: 'Your receipt' })).toBeVisible();
  // The store's first order: its number, not the order's id, names it.
  const meta = page.getByText(/^Order [A-Z0-9]{2,6}-0001 · /);
  await expect(meta).toBeVisible();
  const orderNumber = /([A-Z0-9]{2,6}-0001)/.exec((await meta.textContent())!)![1]!;

  const form = page.getByRole('form', { name: 'Receipt as PDF' });
  await form.getByLabel('Name or company').fill('山田太郎 (Łukasz Żółć)');
  await form.getByLabel('Address').fill('東京都千代田区丸の内 1-1\nTokyo 100-0005');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Saved. Your PDF receipts now show these details.')).toBeVisible();
  await lookAt(page, 'receipt-pdf', (file) => testInfo.outputPath(file), [360, 1366]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF receipt from Maya Patel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const { text } = await extractText(new Uint8Array(await readFile((await file.path())!)), { mergePages: true });
  for (const shown of ['山田太郎 (Łukasz Żółć)', '東京都千代田区丸の内 1-1', orderNumber, 'Maya Studio Łódź', 'Tax ID: PL1234567890', name, '$12.00', 'Paid']) expect(text).toContain(shown);

  // Opened again later, the page keeps the details, so a second download matches.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Receipt as PDF' }).getByLabel('Name or company')).toHaveValue('山田太郎 (Łukasz Żółć)');
});

import { describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/test-helpers.ts';
import { invoicePdf, type InvoiceParties } from './invoice-pdf.ts';
import type { Invoice } from './invoice-queries.ts';

const invoice = (items: Invoice['items'], currency: Invoice['currency'] = 'USD'): Invoice => ({
  id: 'inv_ABCDEFGHIJKLMNOPQRST',
  userId: 'u1',
  kind: 'invoice',
  currency,
  clientName: 'Acme (UK) Ltd',
  clientEmail: 'billing@acme.test',
  description: 'Brand refresh — phase 1',
  items,
  totalCents: items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0),
  status: 'pending',
  dueAt: new Date('2026-02-09T00:00:00Z'),
  createdAt: new Date('2026-01-10T00:00:00Z'),
  paidAt: null,
});

const parties = (seller: Partial<InvoiceParties['seller']> = {}): InvoiceParties => ({
  creatorName: 'Ivy Maker',
  creatorEmail: 'ivy@example.com',
  seller: { name: null, address: null, taxId: null, ...seller },
  payUrl: 'https://zerri.test/pay/inv_ABCDEFGHIJKLMNOPQRST',
});

describe('the invoice PDF', () => {
  it('lists the parties, dates, items, total and payment link', async () => {
    const { text } = await pdfText(await invoicePdf(invoice([{ name: 'Logo design', quantity: 2, unitPriceCents: 15000 }]), parties()));
    for (const part of ['INVOICE', 'Ivy Maker', 'Acme (UK) Ltd', 'Jan 10, 2026', 'Feb 9, 2026', 'Pending', 'Logo design', '$150.00', '$300.00', 'https://zerri.test/pay/inv_ABCDEFGHIJKLMNOPQRST', 'Brand refresh — phase 1']) {
      expect(text).toContain(part);
    }
  });

  it('prints the seller details of the creator’s Settings, and any currency’s symbol', async () => {
    const { text } = await pdfText(
      await invoicePdf(invoice([{ name: 'Mural — 山田', quantity: 1, unitPriceCents: 123456 }], 'INR'), parties({ name: 'Ivy Studio Łódź', address: 'ul. Piotrkowska 1\n90-001 Łódź', taxId: 'PL1234567890' })),
    );
    for (const part of ['Ivy Studio Łódź', 'ul. Piotrkowska 1', '90-001 Łódź', 'Tax ID: PL1234567890', 'Mural — 山田', '₹1,234.56']) expect(text).toContain(part);
    expect(text).not.toContain('Ivy Maker');
  });

  it('continues a long list of items on further pages', async () => {
    const items = Array.from({ length: 80 }, (_, index) => ({ name: `Item ${index + 1}`, quantity: 1, unitPriceCents: 100 }));
    const { text, pages } = await pdfText(await invoicePdf(invoice(items), parties()));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Item 80');
    expect(text).toContain('$80.00');
    expect(text).toContain('(continued)');
  });
});

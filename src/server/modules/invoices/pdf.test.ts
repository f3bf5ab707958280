import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-pdf.ts';
import type { Invoice } from './invoice-queries.ts';
import { renderPdf, wrapText } from './pdf.ts';

/** Checks what a PDF reader relies on: every xref entry points at its object, startxref at the table. */
function checkStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, countText] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(countText));
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
  }
  // Beyond the binary marker on line 2, every byte is ASCII (strings use octal escapes).
  expect([...pdf.subarray(15)].every((byte) => byte < 0x80)).toBe(true);
  return text;
}

const invoice = (items: Invoice['items']): Invoice => ({
  id: 'inv_ABCDEFGHIJKLMNOPQRST',
  userId: 'u1',
  kind: 'invoice',
  currency: 'USD',
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

describe('the PDF writer', () => {
  it('writes a file whose cross-reference table matches its objects', () => {
    const pdf = renderPdf([{ texts: [{ x: 50, y: 700, size: 12, text: 'Hello (world) \\ café €5' }], lines: [{ x1: 0, y1: 0, x2: 10, y2: 10 }] }], {
      title: 'Test',
      author: 'Me',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const text = checkStructure(pdf);
    expect(text).toContain('(Hello \\(world\\) \\\\ caf\\351 \\2005)');
    expect(text).toContain('/Count 1');
  });

  it('wraps long text at spaces and splits words longer than a line', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('a\nb', 10)).toEqual(['a', 'b']);
  });
});

describe('the invoice PDF', () => {
  it('lists the parties, dates, items, total and payment link', () => {
    const text = checkStructure(
      invoicePdf(invoice([{ name: 'Logo design', quantity: 2, unitPriceCents: 15000 }]), {
        creatorName: 'Ivy Maker',
        creatorEmail: 'ivy@example.com',
        payUrl: 'https://zerri.test/pay/inv_ABCDEFGHIJKLMNOPQRST',
      }),
    );
    for (const part of ['(INVOICE)', '(Ivy Maker)', '(Acme \\(UK\\) Ltd)', '(Jan 10, 2026)', '(Feb 9, 2026)', '(Pending)', '(Logo design)', '($150.00)', '($300.00)', '(https://zerri.test/pay/inv_ABCDEFGHIJKLMNOPQRST)']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('(Brand refresh \\227 phase 1)');
  });

  it('continues a long list of items on further pages', () => {
    const items = Array.from({ length: 80 }, (_, index) => ({ name: `Item ${index + 1}`, quantity: 1, unitPriceCents: 100 }));
    const text = checkStructure(invoicePdf(invoice(items), { creatorName: 'A', creatorEmail: 'a@b.co', payUrl: 'x' }));
    expect(text).toMatch(/\/Count [3-9]/);
    expect(text).toContain('(Item 80)');
    expect(text).toContain('($80.00)');
    expect(text).toContain('\\(continued\\)');
  });
});

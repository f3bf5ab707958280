import type { Currency } from '#shared/money.ts';
import { refundTaxCents } from '#shared/orders-tax.ts';
import { drawParties, drawTable, drawTitle, drawTotals, pdfDate, pdfMoney, PdfLayout } from '../../platform/pdf/document.ts';

/** One store's part of a paid order, as its PDF receipt prints it. */
export interface StoreReceipt {
  /** "MAYA-0001"; the order's id for an order paid before numbers existed. */
  number: string;
  orderId: string;
  paidAt: Date;
  currency: Currency;
  seller: { name: string; address: string | null; taxId: string | null };
  buyer: { name: string | null; email: string; address: string | null; vatNumber: string | null; country: string | null };
  discountCode: string | null;
  lines: { title: string; amountCents: number; discountCents: number; taxCents: number; refundedCents: number; status: 'completed' | 'refunded' }[];
  /** Who the platform is, for the footer. */
  brand: string;
}

const percent = (bps: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(bps / 100)}%`;

/** Tax by rate: lines grouped by their tax's rate on their price (to a hundredth of a percent). */
function taxByRate(lines: StoreReceipt['lines']): { rateBps: number; taxCents: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    if (line.taxCents <= 0 || line.amountCents <= 0) continue;
    const rateBps = Math.round((line.taxCents * 10_000) / line.amountCents);
    byRate.set(rateBps, (byRate.get(rateBps) ?? 0) + line.taxCents);
  }
  return [...byRate].sort(([a], [b]) => a - b).map(([rateBps, taxCents]) => ({ rateBps, taxCents }));
}

/** The receipt of one store's part of an order: seller, buyer, lines, discount, tax by rate, total, refunds. */
export async function storeReceiptPdf(receipt: StoreReceipt): Promise<Buffer> {
  const money = (minor: number) => pdfMoney(minor, receipt.currency);
  // What went back, with its part of the tax (as the refunds computed it).
  const refundedCents = receipt.lines.reduce((sum, line) => {
    const refunded = line.status === 'refunded' ? line.amountCents : line.refundedCents;
    return sum + refunded + refundTaxCents({ ...line, refundedCents: 0 }, refunded);
  }, 0);
  const paidCents = receipt.lines.reduce((sum, line) => sum + line.amountCents + line.taxCents, 0);
  const status = receipt.lines.every((line) => line.status === 'refunded') ? 'Refunded' : refundedCents > 0 ? 'Partially refunded' : 'Paid';
  const layout = new PdfLayout({ title: `Receipt ${receipt.number}`, author: receipt.seller.name, createdAt: receipt.paidAt });
  drawTitle(layout, 'Receipt', receipt.number);
  drawParties(
    layout,
    [
      { label: 'SOLD BY', lines: [receipt.seller.name, receipt.seller.address, receipt.seller.taxId && `Tax ID: ${receipt.seller.taxId}`] },
      {
        label: 'BILLED TO',
        lines: [receipt.buyer.name || receipt.buyer.email, receipt.buyer.address, receipt.buyer.name ? receipt.buyer.email : null, receipt.buyer.vatNumber && `VAT number: ${receipt.buyer.vatNumber}`, receipt.buyer.country && `Country: ${receipt.buyer.country}`],
      },
    ],
    [
      ['Order number', receipt.number],
      ['Date paid', pdfDate(receipt.paidAt)],
      ['Currency', receipt.currency],
      ['Status', status],
    ],
  );
  drawTable(
    layout,
    [{ label: 'Product' }, { label: 'Price', right: layout.right - 180 }, { label: 'Discount', right: layout.right - 90 }, { label: 'Amount' }],
    receipt.lines.map((line) => [
      line.status === 'refunded' ? `${line.title} (refunded)` : line.title,
      money(line.amountCents + line.discountCents),
      line.discountCents ? `−${money(line.discountCents)}` : '',
      money(line.amountCents),
    ]),
    `Receipt ${receipt.number} (continued)`,
  );
  const discountCents = receipt.lines.reduce((sum, line) => sum + line.discountCents, 0);
  drawTotals(layout, [
    { label: 'Subtotal', value: money(receipt.lines.reduce((sum, line) => sum + line.amountCents + line.discountCents, 0)) },
    ...(discountCents ? [{ label: receipt.discountCode ? `Discount (${receipt.discountCode})` : 'Discount', value: `−${money(discountCents)}` }] : []),
    ...taxByRate(receipt.lines).map((tax) => ({ label: `Tax ${percent(tax.rateBps)}`, value: money(tax.taxCents) })),
    { label: `Total paid (${receipt.currency})`, value: money(paidCents), bold: true },
    ...(refundedCents ? [{ label: 'Refunded', value: `−${money(refundedCents)}`, bold: status === 'Refunded' }] : []),
  ]);
  layout.needSpace(30);
  layout.paragraph(layout.left, `Order ${receipt.orderId}, sold through ${receipt.brand}.`, { size: 9, gray: 0.45 });
  return layout.save();
}

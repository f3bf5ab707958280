import { storedLineTotalCents } from '#shared/invoices.ts';
import { drawParties, drawTable, drawTitle, drawTotals, pdfDate, pdfMoney, PdfLayout } from '../../platform/pdf/document.ts';
import type { Invoice } from './invoice-queries.ts';

const formatQuantity = (quantity: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(quantity);

const STATUS_LABELS: Record<Invoice['status'], string> = { pending: 'Pending', paid: 'Paid', cancelled: 'Cancelled' };

export interface InvoiceParties {
  creatorName: string;
  creatorEmail: string;
  /** The seller details of the creator's Settings; their business name replaces the profile name. */
  seller: { name: string | null; address: string | null; taxId: string | null };
  payUrl: string;
}

/** The invoice as a PDF: header, parties, line items over as many pages as needed, total and pay link. */
export async function invoicePdf(invoice: Invoice, parties: InvoiceParties): Promise<Buffer> {
  const title = invoice.kind === 'payment_request' ? 'Payment Request' : 'Invoice';
  const sellerName = parties.seller.name || parties.creatorName;
  const layout = new PdfLayout({ title: `${title} ${invoice.id}`, author: sellerName, createdAt: invoice.createdAt });
  drawTitle(layout, title, invoice.id);
  drawParties(
    layout,
    [
      { label: 'FROM', lines: [sellerName, parties.seller.address, parties.seller.taxId && `Tax ID: ${parties.seller.taxId}`, parties.creatorEmail] },
      { label: 'BILL TO', lines: [invoice.clientName, invoice.clientEmail] },
    ],
    [
      ['Issued', pdfDate(invoice.createdAt)],
      ['Due', pdfDate(invoice.dueAt)],
      ['Status', STATUS_LABELS[invoice.status] + (invoice.paidAt ? ` (${pdfDate(invoice.paidAt)})` : '')],
    ],
  );
  if (invoice.description) layout.paragraph(layout.left, invoice.description, { size: 10, gray: 0.2, maxLines: 8 }).down(12);
  drawTable(
    layout,
    [{ label: 'Item' }, { label: 'Qty', right: layout.right - 200 }, { label: 'Unit price', right: layout.right - 90 }, { label: 'Amount' }],
    invoice.items.map((item) => [item.name, formatQuantity(item.quantity), pdfMoney(item.unitPriceCents, invoice.currency), pdfMoney(storedLineTotalCents(item), invoice.currency)]),
    `${title} ${invoice.id} (continued)`,
  );
  drawTotals(layout, [{ label: 'Total', value: pdfMoney(invoice.totalCents, invoice.currency), bold: true }]);
  if (invoice.status === 'pending') {
    layout.text(layout.left, 'Pay online:', { size: 10, bold: true }).down(14);
    layout.paragraph(layout.left, parties.payUrl, { size: 10, gray: 0.2, maxLines: 2 });
  } else if (invoice.status === 'paid') {
    layout.text(layout.left, 'Paid. Thank you!', { size: 10, bold: true });
  }
  return layout.save();
}

import { storedLineTotalCents } from '#shared/invoices.ts';
import { type Currency, decimalAmount, formatMoney } from '#shared/money.ts';
import type { Invoice } from './invoice-queries.ts';
import { clip, PAGE_HEIGHT, PAGE_WIDTH, renderPdf, wrapText, type PdfPage } from './pdf.ts';

const MARGIN = 50;
const RIGHT = PAGE_WIDTH - MARGIN;
const ROW_HEIGHT = 20;
const FOOTER_SPACE = 110;

/** The invoice's amounts, in English; the PDF's font writes €, £ and ¥ but not ₹, so currencies other than those go by their code. */
const money = (minor: number, currency: Currency) =>
  ['USD', 'EUR', 'GBP', 'JPY'].includes(currency)
    ? formatMoney(minor, 'en-US', currency)
    : `${currency} ${decimalAmount(minor, currency).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

const formatQuantity = (quantity: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(quantity);

const STATUS_LABELS: Record<Invoice['status'], string> = { pending: 'Pending', paid: 'Paid', cancelled: 'Cancelled' };

/** The invoice as a PDF: header, parties, line items over as many pages as needed, total and pay link. */
export function invoicePdf(invoice: Invoice, parties: { creatorName: string; creatorEmail: string; payUrl: string }): Buffer {
  const title = invoice.kind === 'payment_request' ? 'Payment Request' : 'Invoice';
  const pages: PdfPage[] = [];
  let page: PdfPage = { texts: [], lines: [] };
  let y = PAGE_HEIGHT - MARGIN - 10;
  const text = (x: number, size: number, value: string, options: { bold?: boolean; gray?: number; align?: 'right' } = {}) =>
    page.texts.push({ x, y, size, text: value, ...options });
  const rule = (width = 0.75, gray = 0.75) => page.lines.push({ x1: MARGIN, y1: y, x2: RIGHT, y2: y, width, gray });

  text(MARGIN, 24, title.toUpperCase(), { bold: true });
  text(RIGHT, 10, invoice.id, { align: 'right', gray: 0.35 });
  y -= 34;

  // From / Bill to, and the dates on the right.
  const top = y;
  text(MARGIN, 9, 'FROM', { bold: true, gray: 0.4 });
  y -= 14;
  text(MARGIN, 11, clip(parties.creatorName, 45), { bold: true });
  y -= 14;
  text(MARGIN, 10, clip(parties.creatorEmail, 50), { gray: 0.3 });
  if (invoice.clientName || invoice.clientEmail) {
    y -= 24;
    text(MARGIN, 9, 'BILL TO', { bold: true, gray: 0.4 });
    y -= 14;
    text(MARGIN, 11, clip(invoice.clientName, 45), { bold: true });
    if (invoice.clientEmail) {
      y -= 14;
      text(MARGIN, 10, clip(invoice.clientEmail, 50), { gray: 0.3 });
    }
  }
  const bottom = y;
  y = top;
  for (const [label, value] of [
    ['Issued', formatDate(invoice.createdAt)],
    ['Due', formatDate(invoice.dueAt)],
    ['Status', STATUS_LABELS[invoice.status] + (invoice.paidAt ? ` (${formatDate(invoice.paidAt)})` : '')],
  ] as const) {
    text(RIGHT - 150, 10, label, { gray: 0.4 });
    text(RIGHT, 10, value, { align: 'right', bold: label === 'Status' });
    y -= 16;
  }
  y = Math.min(bottom, y) - 30;

  if (invoice.description) {
    for (const line of wrapText(invoice.description, 95).slice(0, 8)) {
      text(MARGIN, 10, line, { gray: 0.2 });
      y -= 14;
    }
    y -= 12;
  }

  const tableHeader = () => {
    text(MARGIN, 9, 'ITEM', { bold: true, gray: 0.4 });
    text(RIGHT - 200, 9, 'QTY', { bold: true, gray: 0.4, align: 'right' });
    text(RIGHT - 90, 9, 'UNIT PRICE', { bold: true, gray: 0.4, align: 'right' });
    text(RIGHT, 9, 'AMOUNT', { bold: true, gray: 0.4, align: 'right' });
    y -= 8;
    rule(1, 0.2);
    y -= 16;
  };
  tableHeader();
  for (const item of invoice.items) {
    if (y < MARGIN + FOOTER_SPACE) {
      pages.push(page);
      page = { texts: [], lines: [] };
      y = PAGE_HEIGHT - MARGIN - 10;
      text(MARGIN, 10, `${title} ${invoice.id} (continued)`, { gray: 0.4 });
      y -= 30;
      tableHeader();
    }
    text(MARGIN, 10, clip(item.name, 50));
    text(RIGHT - 200, 10, formatQuantity(item.quantity), { align: 'right' });
    text(RIGHT - 90, 10, money(item.unitPriceCents, invoice.currency), { align: 'right' });
    text(RIGHT, 10, money(storedLineTotalCents(item), invoice.currency), { align: 'right' });
    y -= 6;
    rule(0.5, 0.85);
    y -= ROW_HEIGHT - 6;
  }
  y -= 6;
  text(RIGHT - 150, 12, 'Total', { bold: true });
  text(RIGHT, 12, money(invoice.totalCents, invoice.currency), { bold: true, align: 'right' });
  y -= 40;

  if (invoice.status === 'pending') {
    text(MARGIN, 10, 'Pay online:', { bold: true });
    y -= 14;
    text(MARGIN, 10, clip(parties.payUrl, 95), { gray: 0.2 });
  } else if (invoice.status === 'paid') {
    text(MARGIN, 10, 'Paid. Thank you!', { bold: true });
  }
  pages.push(page);
  return renderPdf(pages, { title: `${title} ${invoice.id}`, author: parties.creatorName, createdAt: invoice.createdAt });
}

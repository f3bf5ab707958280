// The parts every Zerri PDF document is made of (client invoices, buyers' receipts, plan invoices):
// a title with its number, the parties beside the dates, a table of lines over as many pages as
// needed, and the totals. English, amounts by formatMoney (every currency's symbol is in the fonts).
import { type Currency, formatMoney } from '#shared/money.ts';
import { fitText, PdfLayout, type DocumentInfo } from './layout.ts';

export { PdfLayout, type DocumentInfo };

export const pdfMoney = (minor: number, currency: Currency) => formatMoney(minor, 'en-US', currency);

export const pdfDate = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

/** A party: its label ("FROM"), then its lines, the first in bold; empty lines are left out. */
export interface Party {
  label: string;
  lines: (string | null | undefined)[];
}

/** The title (uppercased) and its number on the right. */
export function drawTitle(layout: PdfLayout, title: string, number: string) {
  layout.text(layout.left, title.toUpperCase(), { size: 24, bold: true });
  layout.text(layout.right, number, { size: 10, gray: 0.35, align: 'right' });
  layout.down(34);
}

/** The parties down the left, the facts ("Issued", "Status") down the right; the cursor ends below both. */
export function drawParties(layout: PdfLayout, parties: Party[], facts: [label: string, value: string][]) {
  const top = layout.y;
  const width = layout.right - layout.left - 230;
  parties.forEach((party, index) => {
    const lines = party.lines.flatMap((line) => (line ? line.split(/\r?\n/) : [])).filter((line) => line.trim());
    if (!lines.length) return;
    if (index > 0) layout.down(10);
    layout.text(layout.left, party.label, { size: 9, bold: true, gray: 0.4 }).down(14);
    lines.slice(0, 8).forEach((line, lineIndex) => {
      layout.paragraph(layout.left, line, { size: lineIndex === 0 ? 11 : 10, bold: lineIndex === 0, gray: lineIndex === 0 ? 0 : 0.3, maxWidth: width, maxLines: 2 });
    });
  });
  const bottom = layout.y;
  layout.y = top;
  for (const [label, value] of facts) {
    layout.text(layout.right - 170, label, { size: 10, gray: 0.4 });
    layout.text(layout.right, fitText(value, 120, 10, label === 'Status'), { size: 10, align: 'right', bold: label === 'Status' });
    layout.down(16);
  }
  layout.y = Math.min(bottom, layout.y) - 26;
}

export interface Column {
  label: string;
  /** The column's right edge for right-aligned columns (numbers); the first column is left-aligned from the margin. */
  right?: number;
}

/** A table whose header repeats on each new page; each row's first cell is cut to fit before the next column. */
export function drawTable(layout: PdfLayout, columns: Column[], rows: string[][], continued: string) {
  const firstWidth = (columns[1]?.right ?? layout.right) - layout.left - 110;
  const header = () => {
    columns.forEach((column, index) => {
      layout.text(index === 0 ? layout.left : (column.right ?? layout.right), column.label.toUpperCase(), { size: 9, bold: true, gray: 0.4, align: index === 0 ? 'left' : 'right' });
    });
    layout.down(8).rule({ width: 1, gray: 0.2 }).down(16);
  };
  header();
  layout.onNewPage = () => {
    layout.text(layout.left, continued, { size: 10, gray: 0.4 }).down(30);
    header();
  };
  for (const row of rows) {
    layout.needSpace(30);
    row.forEach((cell, index) => {
      if (index === 0) layout.text(layout.left, fitText(cell, firstWidth, 10), { size: 10 });
      else layout.text(columns[index]?.right ?? layout.right, cell, { size: 10, align: 'right' });
    });
    layout.down(6).rule({ width: 0.5, gray: 0.85 }).down(14);
  }
  layout.onNewPage = undefined;
  layout.down(6);
}

/** Totals on the right: label and amount, the last (or a `bold` one) in bold and larger. */
export function drawTotals(layout: PdfLayout, rows: { label: string; value: string; bold?: boolean }[]) {
  layout.needSpace(rows.length * 18 + 10);
  for (const row of rows) {
    const size = row.bold ? 12 : 10;
    layout.text(layout.right - 200, row.label, { size, bold: row.bold, gray: row.bold ? 0 : 0.3 });
    layout.text(layout.right, row.value, { size, bold: row.bold, align: 'right' });
    layout.down(row.bold ? 20 : 16);
  }
  layout.down(20);
}

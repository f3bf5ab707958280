// A small PDF 1.4 writer: pages of text in Helvetica and thin lines, enough for an invoice.
// Content streams stay uncompressed and every byte is ASCII, so the cross-reference offsets are
// plain string lengths (tests check them against the file).

export interface PdfText {
  x: number;
  y: number;
  text: string;
  size: number;
  bold?: boolean;
  /** Grey level 0 (black) to 1 (white). */
  gray?: number;
  align?: 'left' | 'right';
}

export interface PdfLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width?: number;
  gray?: number;
}

export interface PdfPage {
  texts: PdfText[];
  lines: PdfLine[];
}

/** A4 in points. */
export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

// Windows-1252 bytes of the characters outside Latin-1 that invoices commonly hold.
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99,
};

/** The text as WinAnsi bytes in a PDF string literal; characters the font cannot show become "?". */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    let byte = WIN_ANSI_EXTRAS[char] ?? (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code <= 0x9f) ? code : 0x3f);
    if (code === 0x09) byte = 0x20;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

// Helvetica advance widths (per 1000 em) of the characters amounts are made of; others are estimated.
const NARROW = new Set([...',.:;!|il\'Ijft() []'.split('')]);
function charWidth(char: string, bold: boolean): number {
  if (/[0-9$#?_]/.test(char)) return 556;
  if (NARROW.has(char)) return 278;
  if (char === '-') return 333;
  if (/[A-Z]/.test(char)) return bold ? 722 : 667;
  if (/[mwMW@%]/.test(char)) return 889;
  return bold ? 611 : 556;
}

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += charWidth(char, bold);
  return (units * size) / 1000;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const line of page.lines) {
    ops.push(`${num(line.gray ?? 0.75)} G ${num(line.width ?? 0.75)} w ${num(line.x1)} ${num(line.y1)} m ${num(line.x2)} ${num(line.y2)} l S`);
  }
  for (const item of page.texts) {
    const x = item.align === 'right' ? item.x - textWidth(item.text, item.size, item.bold) : item.x;
    ops.push(`BT /${item.bold ? 'F2' : 'F1'} ${num(item.size)} Tf ${num(item.gray ?? 0)} g ${num(x)} ${num(item.y)} Td ${pdfString(item.text)} Tj ET`);
  }
  return ops.join('\n');
}

/** The whole file. `title` and `author` go into the document information. */
export function renderPdf(pages: PdfPage[], info: { title: string; author: string; createdAt: Date }): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  const stamp = info.createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  objects[5] = `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Producer (Zerri) /CreationDate (D:${stamp}Z) >>`;
  pages.forEach((page, index) => {
    const pageId = pageIds[index]!;
    const stream = contentStream(page);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  // The binary-marker comment is written as Latin-1 bytes: 4 bytes, like its 4 characters here.
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Splits text into lines of at most `maxChars`, at spaces where possible. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      for (let start = 0; start < word.length; start += maxChars) {
        const piece = word.slice(start, start + maxChars);
        if (!line) line = piece;
        else if (line.length + 1 + piece.length <= maxChars) line += ` ${piece}`;
        else {
          lines.push(line);
          line = piece;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A text cut to `maxChars`, with an ellipsis when cut. */
export const clip = (text: string, maxChars: number) => (text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text);

// The creator's sales as CSV (GET /api/sales/export.csv): read page by page and written as the client reads.
import { Readable } from 'node:stream';
import { salesExportHeader, salesExportLine } from '#shared/sales-export.ts';
import type { Db } from '../../db/client.ts';
import { creatorSalesPage, type SalesExportCursor } from './queries.ts';

/** Sales read per query: one page's lines are one write to the socket. */
export const SALES_EXPORT_PAGE = 1000;

/**
 * A UTF-8 byte order mark opens the file: Excel, where most creators open it, reads a CSV without one
 * in the computer's legacy code page and garbles accented product names and e-mails; LibreOffice,
 * Numbers, Google Sheets and CSV libraries (Python's utf-8-sig, pandas) all accept it.
 */
const UTF8_BOM = '\uFEFF';

/**
 * The file as a stream: the next page is read only when the client has taken the previous one
 * (Readable.from pulls from the generator), so a download of any size holds one page in memory and
 * a slow client slows the reads instead of filling the memory. Every page is its own short query, so
 * no transaction stays open while the file downloads; the keyset never lists a sale twice, and a sale
 * made during the download is in the file if it comes after the page being read.
 */
export function salesCsvStream(db: Db, creatorId: string): Readable {
  async function* lines() {
    yield UTF8_BOM + salesExportHeader();
    let cursor: SalesExportCursor | null = null;
    for (;;) {
      const page = await creatorSalesPage(db, creatorId, cursor, SALES_EXPORT_PAGE);
      if (page.length > 0) yield page.map(salesExportLine).join('');
      if (page.length < SALES_EXPORT_PAGE) return;
      const last = page[page.length - 1]!;
      cursor = { createdAt: last.cursorAt, id: last.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

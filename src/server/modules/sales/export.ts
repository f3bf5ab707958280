// The creator's sales as CSV (GET /api/sales/export.csv), with the Sales page's filters: read page by page and written as the client reads.
import { Readable } from 'node:stream';
import { UTF8_BOM } from '#shared/csv.ts';
import { salesExportHeader, salesExportLine } from '#shared/sales-export.ts';
import type { SalesCursor, SalesFilters } from '#shared/sales-filters.ts';
import type { Db } from '../../db/client.ts';
import { filteredSalesPage, listedSale, salesFilterWhere } from './list.ts';

/** Sales read per query: one page's lines are one write to the socket. */
export const SALES_EXPORT_PAGE = 1000;

/**
 * The file as a stream: the next page is read only when the client has taken the previous one
 * (Readable.from pulls from the generator), so a download of any size holds one page in memory and
 * a slow client slows the reads instead of filling the memory. Every page is its own short query, so
 * no transaction stays open while the file downloads; the keyset never lists a sale twice, and a sale
 * made during the download is in the file if it comes after the page being read.
 */
export function salesCsvStream(db: Db, creatorId: string, filters: SalesFilters, publicUrl: string): Readable {
  async function* lines() {
    yield UTF8_BOM + salesExportHeader();
    const where = await salesFilterWhere(db, creatorId, filters);
    let cursor: SalesCursor | undefined;
    for (;;) {
      const page = await filteredSalesPage(db, where, cursor, SALES_EXPORT_PAGE, 'oldest');
      // The list's own rows (order numbers, sources): the file and the page say the same.
      const line = (row: (typeof page)[number]) => {
        const { orderNumber, source } = listedSale(row, publicUrl);
        return salesExportLine({ ...row.sale, orderNumber, source });
      };
      if (page.length > 0) yield page.map(line).join('');
      if (page.length < SALES_EXPORT_PAGE) return;
      const last = page[page.length - 1]!;
      cursor = { createdAt: last.cursorAt, id: last.sale.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

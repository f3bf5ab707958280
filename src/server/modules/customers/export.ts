// The creator's audience as CSV (GET /api/audience/export.csv): every person of the Customers page,
// read page by page and written as the client reads (like the sales export, modules/sales/export.ts).
import { Readable } from 'node:stream';
import { UTF8_BOM } from '#shared/csv.ts';
import { customersExportHeader, customersExportLine } from '#shared/customers.ts';
import type { Db } from '../../db/client.ts';
import { everyCustomer } from './service.ts';

/** People read per query: one page's lines are one write to the socket. */
const CUSTOMERS_EXPORT_PAGE = 5000;

/** The file as a stream: the next page is read only once the client took the previous one. */
export function customersCsvStream(db: Db, creatorId: string): Readable {
  async function* lines() {
    yield UTF8_BOM + customersExportHeader();
    for await (const page of everyCustomer(db, creatorId, CUSTOMERS_EXPORT_PAGE)) yield page.map(customersExportLine).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

import { describe, expect, it } from 'vitest';
import { salesExportHeader, salesExportLine } from '#shared/sales-export.ts';
import { SALES_MESSAGES } from '#shared/sales.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { SALES_EXPORT_PAGE } from './export.ts';

// 100,000 sales written straight into the table to test the export's paging: not money that moved, so no ledger check.
const app = listeningTestApp({ ledgerCheck: false });
const URL = '/api/sales/export.csv';
const ROWS = 100_000;

/**
 * `count` sales of the creator in two statements (an order each): sale n was made n÷3 × 1.000001 s
 * after `start`, so three sales share each instant (the pages must part ties by id) and the instants
 * have microseconds (which a JS Date drops); the last one is an hour later. Every tenth is refunded.
 */
async function insertSales(creatorId: string, prefix: string, count: number) {
  const { pool } = app.test.database;
  await pool.query(
    `INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider)
     SELECT $1 || n, 'products', 'buyer' || n || '@example.com', 1000 + n % 500, 'paid', 'test' FROM generate_series(1, $2::int) AS n`,
    [prefix, count],
  );
  await pool.query(
    `INSERT INTO sales (order_id, product_name, version_name, creator_id, buyer_email, amount_cents, fee_cents, status, refunded_cents, created_at, refunded_at)
     SELECT $1 || n, CASE WHEN n = 1 THEN '=HYPERLINK("http://evil.example")' ELSE 'Product ' || n END, CASE WHEN n = 2 THEN 'Extended' END, $3,
            $1 || n || '@example.com', 1000 + n % 500, 10,
            CASE WHEN n % 10 = 0 THEN 'refunded' ELSE 'completed' END, CASE WHEN n % 10 = 0 THEN 1000 + n % 500 ELSE 0 END,
            at, CASE WHEN n % 10 = 0 THEN at + interval '1 day' END
     FROM generate_series(1, $2::int) AS n,
          LATERAL (SELECT timestamptz '2025-01-01T00:00:00Z' + ((n + 1) / 3) * interval '1.000001 second'
                          + CASE WHEN n = $2::int THEN interval '1 hour' ELSE interval '0' END AS at) AS made`,
    [prefix, count, creatorId],
  );
}

/** The export over real HTTP, as a browser downloads it. */
async function download(cookie?: string) {
  const response = await fetch(`${app.base}${URL}`, { headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, text: bytes.toString('utf8') };
}

const linesOf = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);

describe('the sales export', () => {
  it('streams all 100,000 of the creator’s sales, oldest first, and none of anyone else’s', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    await insertSales(creator.id, 'ord_mine_', ROWS);
    // As autovacuum would after a bulk load: without statistics the planner takes the 100,000 rows for a few.
    await app.test.database.pool.query('ANALYZE sales');
    await insertSales(other.id, 'ord_theirs_', 5);

    const { response, bytes, text } = await download(creator.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sales-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Streamed: sent in chunks as it is read, its length unknown when the answer starts.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();

    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // the UTF-8 byte order mark
    const lines = linesOf(text);
    expect(lines).toHaveLength(ROWS + 1);
    expect(`${lines[0]}\r\n`).toBe(salesExportHeader());
    expect(lines[1]).toBe(`2025-01-01T00:00:00.000Z,ord_mine_1,"'=HYPERLINK(""http://evil.example"")",,ord_mine_1@example.com,10.01,,0.00,0.00,0.00,0.10,0.00,9.91,USD,completed,,,direct,,,,,,`);
    // The version sold, after the product (sales 2 to 4 were made at the same moment: their order among them is the ids').
    expect(lines.slice(2, 5).find((line) => line.split(',')[1] === 'ord_mine_2')).toBe(
      '2025-01-01T00:00:01.000Z,ord_mine_2,Product 2,Extended,ord_mine_2@example.com,10.02,,0.00,0.00,0.00,0.10,0.00,9.92,USD,completed,,,direct,,,,,,',
    );
    const last = { orderId: `ord_mine_${ROWS}`, productName: `Product ${ROWS}`, versionName: null, buyerEmail: `ord_mine_${ROWS}@example.com`, amountCents: 1000, currency: 'USD' as const, discountCode: null, discountCents: 0, taxCents: 0, feeCents: 10, commissionCents: 0, refundedCents: 1000, orderNumber: null, source: { kind: 'direct' as const, link: null, affiliate: null, referrerDomain: null } };
    const lastAt = new Date(Date.parse('2025-01-01T00:00:00Z') + 33_333 * 1000.001 + 3_600_000);
    expect(`${lines[ROWS]}\r\n`).toBe(
      salesExportLine({ ...last, status: 'refunded', createdAt: lastAt, refundedAt: new Date(lastAt.getTime() + 86_400_000) }),
    );

    // Each sale once, though pages end inside groups of sales made at the same microsecond.
    const orderIds = lines.slice(1).map((line) => line.split(',')[1]!);
    expect(new Set(orderIds).size).toBe(ROWS);
    expect(orderIds.every((id) => id.startsWith('ord_mine_'))).toBe(true);
    expect(ROWS % SALES_EXPORT_PAGE).toBe(0); // a last page that is full, then an empty one
    expect(text).not.toContain('ord_theirs_');

    const theirs = linesOf((await download(other.cookie)).text);
    // Sales 2 to 4 were made at the same instant, so their order is their ids'.
    expect(theirs.slice(1).map((line) => line.split(',')[1]).sort()).toEqual(['ord_theirs_1', 'ord_theirs_2', 'ord_theirs_3', 'ord_theirs_4', 'ord_theirs_5']);
  }, 60_000);

  it('is for creators, and an admin’s own sales only; buyers and visitors are refused', async () => {
    expect((await request(app.test.app, { method: 'GET', url: URL })).statusCode).toBe(401);
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    const refused = await request(app.test.app, { method: 'GET', url: URL, cookie: buyer.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'sales_export_forbidden', message: SALES_MESSAGES.exportCreatorsOnly });

    const creator = await createSignedInUser(app.test, { role: 'creator' });
    await insertSales(creator.id, 'ord_creator_', 2);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    await insertSales(admin.id, 'ord_admin_', 1);
    const adminLines = linesOf((await download(admin.cookie)).text);
    expect(adminLines.slice(1).map((line) => line.split(',')[1])).toEqual(['ord_admin_1']);

    const empty = await createSignedInUser(app.test, { role: 'creator' });
    expect(linesOf((await download(empty.cookie)).text)).toEqual([salesExportHeader().trimEnd()]);
  });
});

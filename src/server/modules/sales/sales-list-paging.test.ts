// The Sales page's keyset pages (GET /api/my/sales): sales written straight into the table, many at
// one instant, to check that pages part ties by id. Not money that moved, so no ledger check.
import { describe, expect, it } from 'vitest';
import type { CreatorSale, MySales } from '#shared/sales-api.ts';
import { createSignedInUser, listeningTestApp, request } from '../../test/test-app.ts';

const app = listeningTestApp({ ledgerCheck: false });

const list = async (cookie: string, query: Record<string, string | number> = {}) => {
  const response = await request(app.test.app, { method: 'GET', url: `/api/my/sales?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MySales;
};
async function all(cookie: string, query: Record<string, string | number> = {}) {
  const items: CreatorSale[] = [];
  let cursor: string | null = null;
  do {
    const page: MySales = await list(cookie, { ...query, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('the Sales page list’s pages', () => {
  it('pages by keyset: every sale exactly once across pages, though many share one instant', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const { pool } = app.test.database;
    const prefix = `ord_${creator.id.slice(0, 8)}_`;
    await pool.query(
      `INSERT INTO orders (id, kind, buyer_email, total_cents, status, provider) SELECT $1 || n, 'products', 'b' || n || '@example.com', 1000, 'paid', 'test' FROM generate_series(1, 95) AS n`,
      [prefix],
    );
    // 95 sales at 19 instants (five at each), microseconds included; every third refunded.
    await pool.query(
      `INSERT INTO sales (order_id, product_name, creator_id, buyer_email, amount_cents, fee_cents, status, refunded_cents, created_at)
       SELECT $1 || n, 'Product ' || n, $2, 'b' || n || '@example.com', 1000, 10, CASE WHEN n % 3 = 0 THEN 'refunded' ELSE 'completed' END,
              CASE WHEN n % 3 = 0 THEN 1000 ELSE 0 END, timestamptz '2026-03-01T00:00:00.123456Z' + (n / 5) * interval '1 minute'
       FROM generate_series(1, 95) AS n`,
      [prefix, creator.id],
    );
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM sales WHERE creator_id = $1 ORDER BY created_at DESC, id DESC', [creator.id]);
    for (const limit of [1, 4, 5, 7, 25, 100]) {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: MySales = await list(creator.cookie, { limit, ...(cursor ? { cursor } : {}) });
        pages.push(ids(page.items));
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.flat(), `limit ${limit}`).toEqual(rows.map((row) => row.id));
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    const refunded = await all(creator.cookie, { status: 'refunded', limit: 4 });
    expect(refunded).toHaveLength(31);
    expect(new Set(ids(refunded)).size).toBe(31);
    expect(ids(await all(creator.cookie, { from: '2026-03-01', to: '2026-03-01' }))).toEqual(rows.map((row) => row.id));
    expect(await all(creator.cookie, { from: '2026-03-02' })).toEqual([]);
    expect(await all(creator.cookie, { to: '2026-02-28' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { STORE_TOTAL_CAP } from '#shared/products.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';

const app = listeningTestApp();

interface Card {
  id: string;
  name: string;
  priceCents: number;
}

/** `count` products of one creator made by SQL (as many as a big store holds), named `{word} {n}`. */
async function makeMany(creatorId: string, word: string, count: number) {
  await app.test.database.pool.query(
    `INSERT INTO products (user_id, name, slug, description, price_cents, category, tags, file_key, file_name, file_size, created_at)
     SELECT $1, $2 || ' ' || g, $2 || '-' || g, 'item ' || g, (g * 7919) % 5000 + 100, CASE WHEN g % 2 = 0 THEN 'Audio' ELSE 'Graphics' END,
       ARRAY[CASE WHEN g % 3 = 0 THEN 'Loops' ELSE 'Icons' END], 'bulk/' || g, 'f.zip', 1, now() - (g % 977 || ' minutes')::interval
     FROM generate_series(1, $3::int) g`,
    [creatorId, word, count],
  );
  await app.test.database.pool.query('ANALYZE products');
}

const search = async (query: string) => (await request(app.test.app, { method: 'GET', url: `/api/store/products?${query}` })).json();

/** The same search's order straight from SQL: newest first (ties by id), or by price. */
async function expectedIds(creatorId: string, order: 'newest' | 'price_asc', where = 'true') {
  const orderBy = order === 'newest' ? 'created_at DESC, id DESC' : 'price_cents ASC, id DESC';
  const { rows } = await app.test.database.pool.query<{ id: string }>(`SELECT id FROM products WHERE user_id = $1 AND ${where} ORDER BY ${orderBy}`, [creatorId]);
  return rows.map((row) => row.id);
}

describe('the store at scale', () => {
  it('counts up to the cap and says when there are more; the pages go on in the same order', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Bulk Store' });
    const slug = (await request(app.test.app, { method: 'GET', url: '/api/me', cookie: creator.cookie })).json().user.storefrontSlug;
    await makeMany(creator.id, 'quokkaware', STORE_TOTAL_CAP + 200);
    const newest = await expectedIds(creator.id, 'newest');

    // Words matching more than the cap, and a storefront without words: both counted to the cap.
    const first = await search('q=quokkaware&pageSize=60');
    expect(first).toMatchObject({ total: STORE_TOTAL_CAP, totalCapped: true, page: 1, pageSize: 60 });
    expect(first.items.map((card: Card) => card.id)).toEqual(newest.slice(0, 60));
    const storefront = await search(`creator=${slug}&pageSize=60&page=17`);
    expect(storefront).toMatchObject({ total: STORE_TOTAL_CAP, totalCapped: true });
    expect(storefront.items.map((card: Card) => card.id)).toEqual(newest.slice(960, 1020));
    // A page past the cap is still answered, in order.
    const past = await search('q=quokkaware&pageSize=60&page=20');
    expect(past.items.map((card: Card) => card.id)).toEqual(newest.slice(1140, 1200));
    expect(past).toMatchObject({ total: STORE_TOTAL_CAP, totalCapped: true });

    // Fewer matches than the cap: counted exactly.
    const loops = await expectedIds(creator.id, 'price_asc', `'Loops' = ANY(tags) AND category = 'Audio'`);
    expect(loops.length).toBeLessThan(STORE_TOTAL_CAP);
    const narrow = await search(`q=quokkaware&category=Audio&tags=Loops&sort=price_asc&pageSize=60&page=2`);
    expect(narrow).toMatchObject({ total: loops.length, totalCapped: false });
    expect(narrow.items.map((card: Card) => card.id)).toEqual(loops.slice(60, 120));
    const sameWithoutWords = await search(`creator=${slug}&category=Audio&tags=Loops&sort=price_asc&pageSize=60&page=2`);
    expect(sameWithoutWords).toMatchObject({ total: loops.length, totalCapped: false });
    expect(sameWithoutWords.items).toEqual(narrow.items);
    const empty = await search('q=quokkaware&category=Audio&tags=Loops&page=1000');
    expect(empty).toMatchObject({ items: [], total: loops.length, totalCapped: false });
  });

  it('finds the same pages when words match more than it sorts in memory', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Huge Store' });
    // More than WORD_MATCHES_SORTED_MAX (queries.ts): the page is read by walking the sort order's index.
    await makeMany(creator.id, 'wombatware', 5200);
    for (const sort of ['newest', 'price_asc'] as const) {
      const expected = await expectedIds(creator.id, sort);
      const answer = await search(`q=wombatware&sort=${sort}&pageSize=30&page=3`);
      expect(answer).toMatchObject({ total: STORE_TOTAL_CAP, totalCapped: true });
      expect(answer.items.map((card: Card) => card.id)).toEqual(expected.slice(60, 90));
    }
    const prices = (await search('q=wombatware&sort=price_desc&pageSize=5')).items.map((card: Card) => card.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('finds a product by the start of any of its words, however it was written, renamed or made', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Word Store' });
    const names = async (query: string) => (await search(query)).items.map((card: Card) => card.name).sort();
    // Made by SQL (as an import or a restore would), then renamed through the API.
    await makeMany(creator.id, 'pangolinesque', 3);
    expect(await names('q=pangol')).toEqual(['pangolinesque 1', 'pangolinesque 2', 'pangolinesque 3']);
    expect(await names('q=pangol&category=Audio')).toEqual(['pangolinesque 2']);
    const { rows } = await app.test.database.pool.query<{ id: string }>(`SELECT id FROM products WHERE name = 'pangolinesque 2'`);
    const form = new FormData();
    form.append('name', 'Axolotlish Loops');
    const renamed = await fetch(`${app.base}/api/products/${rows[0]!.id}`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
    expect(renamed.status).toBe(200);
    expect(await names('q=axolot')).toEqual(['Axolotlish Loops']);
    // Found through the known words (a word missing from them would still be found as a prefix, slowly).
    const known = await app.test.database.pool.query(`SELECT word FROM product_search_words WHERE word LIKE 'axolot%' OR word LIKE 'pangol%' ORDER BY word`);
    expect(known.rows.map((row) => row.word)).toEqual(['axolotlish', 'pangolinesque']);
    const query = await app.test.database.pool.query(`SELECT zerri_search_query_known('axolot pan', 'Audio')::text AS query`);
    expect(query.rows[0].query).toBe(`'#c:Audio/axolotlish' & '#c:Audio/pangolinesque'`);
    expect(await names('q=axolotlish loo')).toEqual(['Axolotlish Loops']);
    expect(await names('q=pangol')).toEqual(['pangolinesque 1', 'pangolinesque 3']);
    // A start shared by more words than are looked up one by one (50) still finds them all.
    await app.test.database.pool.query(
      `INSERT INTO products (user_id, name, slug, description, price_cents, category, file_key, file_name, file_size)
       SELECT $1, 'zorbu' || g, 'zorbu-' || g, 'x', 100, 'Audio', 'z/' || g, 'f.zip', 1 FROM generate_series(1, 60) g`,
      [creator.id],
    );
    expect((await search('q=zorb')).total).toBe(60);
    expect((await search('q=zorbu7')).total).toBe(1);
    expect((await search('q=zorbx')).total).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../../platform/clock.ts';
import { createSignedInUser, createTestApp, listeningTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

const clock = new MovableClock();
const app = listeningTestApp({ clock });

interface Card {
  name: string;
}

/** A product written straight into the table, as an import or a restore would: no event announces it. */
async function addBySql(test: TestApp, creatorId: string, name: string) {
  const { rows } = await test.database.pool.query<{ id: string }>(
    `INSERT INTO products (user_id, name, description, price_cents, category, file_key, file_name, file_size)
     VALUES ($1, $2, 'x', 500, 'Audio', 'k/' || md5($2), 'f.zip', 1) RETURNING id`,
    [creatorId, name],
  );
  return rows[0]!.id;
}

const names = async (test: TestApp, query: string) =>
  (await request(test.app, { method: 'GET', url: `/api/store/products?${query}` })).json().items.map((card: Card) => card.name).sort();

describe('the pages the store keeps', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({}, { databaseName: new URL(app.test.databaseUrl).pathname.slice(1) });
  });
  afterAll(() => second.close());

  it('answers a search again from what it kept, until a product changes or 10 seconds pass', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Kept Store' });
    await addBySql(app.test, creator.id, 'Marmoset One');
    expect(await names(app.test, 'q=marmoset')).toEqual(['Marmoset One']);

    // Written by SQL: no event, so the kept page stands (the page is the same object, not asked again)…
    const second = await addBySql(app.test, creator.id, 'Marmoset Two');
    expect(await names(app.test, 'q=marmoset')).toEqual(['Marmoset One']);
    // …while another search, or the same one on another page size, asks the database.
    expect(await names(app.test, 'q=marmoset&pageSize=12')).toEqual(['Marmoset One', 'Marmoset Two']);
    // Ten seconds on, it is asked again.
    clock.advanceMinutes(10 / 60);
    expect(await names(app.test, 'q=marmoset')).toEqual(['Marmoset One', 'Marmoset Two']);

    // A change through the app ends the kept pages before its answer: the next search shows it.
    const form = new FormData();
    form.append('name', 'Marmoset Renamed');
    const renamed = await fetch(`${app.base}/api/products/${second}`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
    expect(renamed.status).toBe(200);
    expect(await names(app.test, 'q=marmoset')).toEqual(['Marmoset One', 'Marmoset Renamed']);
  });

  it('drops what another instance kept when a product changes here', async () => {
    const creator = await createSignedInUser(app.test, { name: 'Shared Store' });
    const id = await addBySql(app.test, creator.id, 'Capybara Loops');
    expect(await names(second, 'q=capybara')).toEqual(['Capybara Loops']);

    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const hidden = await request(app.test.app, { method: 'POST', url: `/api/admin/products/${id}/hide`, cookie: admin.cookie });
    expect(hidden.statusCode).toBe(200);
    // The other instance hears the change through PostgreSQL a moment later.
    await expect.poll(() => names(second, 'q=capybara'), { timeout: 5000 }).toEqual([]);
    expect(await names(app.test, 'q=capybara')).toEqual([]);
  });
});

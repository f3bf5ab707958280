import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, TEST_PASSWORD, waitFor, type TestApp } from '../../test/test-app.ts';
import { LinkIndex } from './link-index.ts';
import { idBatches, idRuns } from './redirect-engine.ts';
import { RedirectCache } from './redirect-cache.ts';

// Every plain main-host link held in memory (link-index.ts), so that a redirect of any link, however
// rarely followed, needs no query: what it holds, what it leaves to the checked route, and that a
// change made on another instance reaches it at once.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let first: TestApp;
let databaseName: string;
beforeAll(async () => {
  first = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000' });
  databaseName = new URL(first.databaseUrl).pathname.slice(1);
});
afterAll(() => first.close());

const query = (text: string, values: unknown[] = []) => first.database.pool.query(text, values);
/** How the app works out a destination (its own origin: links to it remember the click). */
const locate = () => new RedirectCache(first.database.db, {}, 'https://zerri.test').locate;

describe('the index of plain links', () => {
  it('holds plain main-host links only, with their owner and UTM, across many batches', async () => {
    const owner = await createSignedInUser(first);
    const userId = (await query('SELECT id FROM users WHERE email = $1', [owner.email])).rows[0].id as string;
    // 6,000 links (more than one batch, more than the first arrays and buffer hold), long addresses.
    await query(
      `INSERT INTO short_links (short_code, original_url, user_id)
       SELECT 'ix' || i, 'https://example.com/' || repeat('p', 200) || '/' || i, CASE WHEN i % 2 = 0 THEN $1 END FROM generate_series(1, 6000) i`,
      [userId],
    );
    await query(`INSERT INTO short_links (short_code, original_url, utm) VALUES ('ix-utm', 'https://bücher.example/ü', '{"source":"news letter"}')`);
    await query(`INSERT INTO short_links (short_code, original_url) VALUES ('ix-here', 'https://zerri.test/p/1')`);
    await query(`INSERT INTO short_links (short_code, original_url) VALUES ('ix-port', 'https://who@example.com:8443/x?y=1'), ('ix-bare', 'http://example.com')`);
    await query(`INSERT INTO short_links (short_code, original_url, password_hash) VALUES ('ix-password', 'https://example.com/p', 'hash')`);
    await query(`INSERT INTO short_links (short_code, original_url, max_clicks) VALUES ('ix-limit', 'https://example.com/l', 5)`);
    await query(`INSERT INTO short_links (short_code, original_url, expires_at) VALUES ('ix-ends', 'https://example.com/e', now() + interval '1 day')`);
    await query(`INSERT INTO short_links (short_code, original_url, ios_url) VALUES ('ix-ios', 'https://example.com/i', 'https://apps.apple.com/x')`);
    await query(`INSERT INTO short_links (short_code, original_url, country_urls) VALUES ('ix-country', 'https://example.com/c', '[{"country":"DE","url":"https://example.de"}]')`);
    await query(`INSERT INTO short_links (short_code, original_url, country_urls) VALUES ('ix-no-country', 'https://example.com/n', '[]')`);
    await query(`INSERT INTO short_links (short_code, original_url, preview_title) VALUES ('ix-preview', 'https://example.com/v', 'Title')`);
    await query(`INSERT INTO short_links (short_code, original_url, banned_at) VALUES ('ix-banned', 'https://example.com/b', now())`);
    // An affiliate's link: its click names the product's creator, which the checked route looks up.
    const product = await query(
      `INSERT INTO products (user_id, name, description, price_cents, category, file_key, file_name, file_size)
       VALUES ($1, 'Index Guide', 'For the index test', 1000, 'eBook', 'test/index', 'guide.pdf', 1024) RETURNING id`,
      [userId],
    );
    const affiliateLink = await query(`INSERT INTO short_links (short_code, original_url) VALUES ('ix-affiliate', 'https://zerri.test/p/2') RETURNING id`);
    await query(`INSERT INTO affiliates (product_id, user_id, link_id) VALUES ($1, $2, $3)`, [product.rows[0].id, userId, affiliateLink.rows[0].id]);

    const index = new LinkIndex();
    await index.load(first.database.pool, locate());
    expect(index.loaded).toBe(true);
    const owned = index.get('ix5998');
    expect(owned).toMatchObject({ shortCode: 'ix5998', url: `https://example.com/${'p'.repeat(200)}/5998`, host: 'example.com', here: false, userId });
    expect(index.get('ix1')).toMatchObject({ url: `https://example.com/${'p'.repeat(200)}/1`, userId: null });
    expect(index.get('ix6000')?.url.endsWith('/6000')).toBe(true);
    // Codes and destinations fill more than one of the index's 1 MB buffers: each link is read back whole.
    const wrong = Array.from({ length: 6000 }, (_, i) => `ix${i + 1}`).filter((code) => index.get(code)?.url !== `https://example.com/${'p'.repeat(200)}/${code.slice(2)}`);
    expect(wrong).toEqual([]);
    // The destination as the redirect sends it: UTM parameters added, percent-encoded, the host in ASCII.
    expect(index.get('ix-utm')).toMatchObject({ url: 'https://xn--bcher-kva.example/%C3%BC?utm_source=news+letter', host: 'xn--bcher-kva.example', userId: null });
    expect(index.get('ix-here')).toMatchObject({ url: 'https://zerri.test/p/1', here: true });
    expect(index.get('ix-no-country')?.url).toBe('https://example.com/n');
    // One beginning per scheme, user and host: each destination is given back whole.
    expect(index.get('ix-port')).toMatchObject({ url: 'https://who@example.com:8443/x?y=1', host: 'example.com' });
    expect(index.get('ix-bare')).toMatchObject({ url: 'http://example.com/', host: 'example.com' });
    // Everything the fast path does not answer alone stays with the checked route.
    for (const code of ['ix-affiliate', 'ix-password', 'ix-limit', 'ix-ends', 'ix-ios', 'ix-country', 'ix-preview', 'ix-banned', 'ix6001', 'IX1']) {
      expect(index.get(code), code).toBeUndefined();
    }

    index.remove('ix3');
    expect(index.get('ix3')).toBeUndefined();
    expect(index.get('ix4')).toBeDefined();
    index.removeOwner(userId);
    expect(index.get('ix4')).toBeUndefined();
    expect(index.get('ix5')).toBeDefined();
  });

  it('holds 65,536 destinations\' beginnings; links to a new one past them stay with the checked route', async () => {
    await query(`DELETE FROM short_links`);
    await query(`INSERT INTO short_links (short_code, original_url) SELECT 'host' || i, 'https://h' || i || '.example/p' FROM generate_series(1, 65540) i`);
    await query(`INSERT INTO short_links (short_code, original_url) VALUES ('host-again', 'https://h7.example/again')`);
    const index = new LinkIndex();
    await index.load(first.database.pool, locate());
    expect(index.get('host1')).toMatchObject({ url: 'https://h1.example/p', host: 'h1.example' });
    expect(index.get('host65536')).toMatchObject({ url: 'https://h65536.example/p', host: 'h65536.example' });
    expect(index.get('host65537')).toBeUndefined();
    expect(index.get('host-again')).toMatchObject({ url: 'https://h7.example/again', host: 'h7.example' });
    await query(`DELETE FROM short_links`);
  });

  it('does not add a link removed while it was being read', async () => {
    await query(`INSERT INTO short_links (short_code, original_url) VALUES ('ix-gone', 'https://example.com/gone'), ('ix-kept', 'https://example.com/kept')`);
    const index = new LinkIndex();
    const loading = index.load(first.database.pool, locate());
    // Heard before the batch holding it arrives: the row may have been read before its change.
    index.remove('ix-gone');
    await loading;
    expect(index.get('ix-gone')).toBeUndefined();
    expect(index.get('ix-kept')?.url).toBe('https://example.com/kept');
  });
});

describe('links joining the index', () => {
  const at = (url: string) => ({ url, host: 'example.com', here: false });

  it('keeps out a row read before a removal heard while the read was in flight, and re-adds a removed code', () => {
    const index = new LinkIndex();
    // A read in flight (a notice's or the checked route's); the link's edit is heard before its answer.
    const since = index.startRead();
    index.remove('jn-a');
    expect(index.add(1, 'jn-a', at('https://example.com/stale'), null, since)).toBe(false);
    index.endRead();
    expect(index.get('jn-a')).toBeUndefined();
    // A read started after the removal sees the edit: it joins.
    const after = index.startRead();
    expect(index.add(1, 'jn-a', at('https://example.com/edited'), null, after)).toBe(true);
    index.endRead();
    expect(index.get('jn-a')?.url).toBe('https://example.com/edited');
    // Removed once held, then back with a new destination (one more edit), in the same slot.
    index.remove('jn-a');
    expect(index.get('jn-a')).toBeUndefined();
    expect(index.add(1, 'jn-a', at('https://example.com/again'), null, index.startRead())).toBe(true);
    index.endRead();
    expect(index.get('jn-a')).toMatchObject({ id: 1, url: 'https://example.com/again' });
    expect(index.size).toBe(1);
    // The same link read twice (its own announcement and a visit): held once.
    expect(index.add(1, 'jn-a', at('https://example.com/again'), null, index.startRead())).toBe(true);
    index.endRead();
    expect(index.size).toBe(1);
    // An account deleted while a read of its links was in flight.
    const owned = index.startRead();
    index.removeOwner('owner-1');
    expect(index.add(2, 'jn-b', at('https://example.com/b'), 'owner-1', owned)).toBe(false);
    expect(index.add(3, 'jn-c', at('https://example.com/c'), 'owner-2', owned)).toBe(true);
    index.endRead();
  });
});

describe('redirects from the index on another instance', () => {
  it('answers links made before it started, and forgets edited links and deleted accounts at once', async () => {
    const owner = await createSignedInUser(first);
    const shorten = async (url: string) => {
      const response = await request(first.app, { method: 'POST', url: '/api/links', cookie: owner.cookie, payload: { url, utm: { source: 'launch' } } });
      expect(response.statusCode).toBe(201);
      return response.json().code as string;
    };
    const edited = await shorten('https://example.com/edited-before');
    const kept = await shorten('https://example.com/kept');
    const toProduct = await shorten(`${TEST_ORIGIN}/p/some-product`);
    const second = await createTestApp({}, { databaseName });
    try {
      const base = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const visit = (code: string) => fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      await waitFor('the index read', async () => (await (await fetch(`${base}/metrics`)).text()).includes('zerri_links_index_loaded 1'));

      expect((await visit(kept)).headers.get('location')).toBe('https://example.com/kept?utm_source=launch');
      // A link to a page here remembers the click for the sale that may follow.
      const product = await visit(toProduct);
      expect(product.headers.get('location')).toBe(`${TEST_ORIGIN}/p/some-product?utm_source=launch`);
      const linkId = (await query('SELECT id FROM short_links WHERE short_code = $1', [toProduct])).rows[0].id as number;
      expect(product.headers.get('set-cookie')).toMatch(new RegExp(`^zerri_src=[^~;]+~link:${linkId};`));
      // Served from memory: the row gone behind the app's back (no notice) still redirects here…
      await query(`UPDATE short_links SET original_url = 'https://example.com/changed-quietly' WHERE short_code = $1`, [kept]);
      expect((await visit(kept)).headers.get('location')).toBe('https://example.com/kept?utm_source=launch');

      // …while a change made through the app on the first instance reaches this one at once.
      const changed = await request(first.app, { method: 'PATCH', url: `/api/links/${edited}`, cookie: owner.cookie, payload: { url: 'https://example.com/edited-after' } });
      expect(changed.statusCode).toBe(200);
      await waitFor('the edit heard', async () => (await visit(edited)).headers.get('location') === 'https://example.com/edited-after?utm_source=launch', 10_000);

      // Deleting the account deletes its links: no instance redirects them any more.
      const deleted = await request(first.app, { method: 'DELETE', url: '/api/profile', cookie: owner.cookie, payload: { password: TEST_PASSWORD } });
      expect(deleted.statusCode).toBe(204);
      await waitFor('the deletion heard', async () => (await visit(kept)).status === 404, 10_000);
      expect((await visit(edited)).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});

describe('links made while the app runs', () => {
  // A second instance on the same database, started before the links below are made: they reach its
  // index by the first instance's announcement (links.added), read by id.
  let second: TestApp;
  let base: string;
  let firstBase: string;
  beforeAll(async () => {
    firstBase = await first.app.listen({ port: 0, host: '127.0.0.1' });
    second = await createTestApp({}, { databaseName });
    base = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second.close());

  const visit = (code: string, at = base) => fetch(`${at}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  const locationAt = async (code: string, at = base) => (await visit(code, at)).headers.get('location');
  /** The links an instance's index holds (zerri_links_index_links): grows when one joins, without a visit. */
  const indexSize = async (at: string) => Number(/^zerri_links_index_links (\d+)$/m.exec(await (await fetch(`${at}/metrics`)).text())![1]);
  const joined = (what: string, size: number) => waitFor(what, async () => (await indexSize(base)) >= size, 10_000);
  const quietly = (code: string, url: string) => query(`UPDATE short_links SET original_url = $2 WHERE short_code = $1`, [code, url]);
  const shorten = async (cookie: string, url: string) => {
    const response = await request(first.app, { method: 'POST', url: '/api/links', cookie, payload: { url } });
    expect(response.statusCode).toBe(201);
    return response.json().code as string;
  };
  const edit = async (cookie: string, code: string, payload: Record<string, unknown>) =>
    expect((await request(first.app, { method: 'PATCH', url: `/api/links/${code}`, cookie, payload })).statusCode).toBe(200);
  const remove = async (cookie: string, code: string) => expect((await request(first.app, { method: 'DELETE', url: `/api/links/${code}`, cookie })).statusCode).toBe(204);

  it('announces ids as runs, each notice within PostgreSQL\'s payload limit, and reads them back in batches', () => {
    const ids = [...Array.from({ length: 5000 }, (_, i) => 1000 + i), ...Array.from({ length: 3000 }, (_, i) => 100_000 + 3 * i), 7];
    const notices = idRuns(ids, 7000);
    expect(notices[0]!.startsWith('7,1000-5999,100000,')).toBe(true);
    expect(notices.length).toBeGreaterThan(1);
    expect(Math.max(...notices.map((notice) => notice.length))).toBeLessThanOrEqual(7000);
    const back = notices.flatMap((notice) => [...idBatches(notice, 5000)].flat());
    expect(back).toEqual([...ids].sort((a, b) => a - b));
    expect([...idBatches('1-12000', 5000)].map((batch) => batch.length)).toEqual([5000, 5000, 2000]);
    expect([...idBatches('x,3,4-y,5', 10)]).toEqual([[3, 5]]);
  });

  it('answers a link made through the API on another instance from memory', async () => {
    const owner = await createSignedInUser(first);
    const before = await indexSize(base);
    const here = await indexSize(firstBase);
    const code = await shorten(owner.cookie, 'https://example.com/made-on-a');
    // On the instance that made it, at once.
    expect(await indexSize(firstBase)).toBe(here + 1);
    await joined('the new link announced', before + 1);
    // Served from memory: the row changed behind the app's back (no notice) still redirects where it went.
    await quietly(code, 'https://example.com/changed-quietly');
    expect(await locationAt(code)).toBe('https://example.com/made-on-a');
    expect(await locationAt(code, firstBase)).toBe('https://example.com/made-on-a');
  });

  it('answers links imported on another instance from memory', async () => {
    const owner = await createSignedInUser(first);
    const before = await indexSize(base);
    const form = new FormData();
    form.append('file', new Blob(['url,code\r\nhttps://example.com/imported-1,ix-imp-1\r\nhttps://example.com/imported-2,\r\nhttps://example.com/imported-3,ix-imp-3\r\n'], { type: 'text/csv' }), 'links.csv');
    const response = await fetch(`${firstBase}/api/links/import`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: owner.cookie }, body: form });
    expect((await response.json()).created).toBe(3);
    await joined('the imported links announced', before + 3);
    await quietly('ix-imp-1', 'https://example.com/changed-quietly');
    await quietly('ix-imp-3', 'https://example.com/changed-quietly');
    expect(await locationAt('ix-imp-1')).toBe('https://example.com/imported-1');
    expect(await locationAt('ix-imp-3')).toBe('https://example.com/imported-3');
  });

  it('finds a link inserted by SQL by the checked route, then answers it from memory', async () => {
    await query(`INSERT INTO short_links (short_code, original_url) VALUES ('ix-by-sql', 'https://example.com/by-sql')`);
    const before = await indexSize(base);
    expect(await locationAt('ix-by-sql')).toBe('https://example.com/by-sql');
    expect(await indexSize(base)).toBe(before + 1);
    await quietly('ix-by-sql', 'https://example.com/changed-quietly');
    expect(await locationAt('ix-by-sql')).toBe('https://example.com/by-sql');
  });

  it('sees a link made then edited at once on another instance with its edit, whatever order the notices arrive in', async () => {
    const owner = await createSignedInUser(first);
    const before = await indexSize(base);
    const code = await shorten(owner.cookie, 'https://example.com/before-edit');
    await edit(owner.cookie, code, { url: 'https://example.com/after-edit' });
    await joined('the edited link announced', before + 1);
    await quietly(code, 'https://example.com/changed-quietly');
    expect(await locationAt(code)).toBe('https://example.com/after-edit');

    // Edited once it is held: the removal reaches the other instance, and it joins again with its new destination.
    const later = await shorten(owner.cookie, 'https://example.com/first-place');
    await joined('the second link announced', before + 2);
    expect(await locationAt(later)).toBe('https://example.com/first-place');
    await edit(owner.cookie, later, { url: 'https://example.com/second-place' });
    await waitFor('the edit heard', async () => (await locationAt(later)) === 'https://example.com/second-place', 10_000);
    await quietly(later, 'https://example.com/changed-quietly');
    expect(await locationAt(later)).toBe('https://example.com/second-place');
    // An edit that gives it a password takes it out of every instance's memory: the checked route asks for it.
    await edit(owner.cookie, later, { password: 'secret-words' });
    await waitFor('the password heard', async () => (await visit(later)).status === 404, 10_000);
  });

  it('never redirects a link made then deleted on another instance', async () => {
    const owner = await createSignedInUser(first);
    const before = await indexSize(base);
    const gone = await shorten(owner.cookie, 'https://example.com/deleted-at-once');
    await remove(owner.cookie, gone);
    // A link made after it: once it has joined, the notices about the first have been heard too.
    const marker = await shorten(owner.cookie, 'https://example.com/marker');
    await joined('the marker announced', before + 1);
    expect(await locationAt(marker)).toBe('https://example.com/marker');
    expect((await visit(gone)).status).toBe(404);

    const held = await shorten(owner.cookie, 'https://example.com/deleted-later');
    await joined('the link announced', before + 2);
    await remove(owner.cookie, held);
    await waitFor('the deletion heard', async () => (await visit(held)).status === 404, 10_000);
  });

  it('stops a banned link on every instance, and redirects it again once unbanned', async () => {
    const owner = await createSignedInUser(first);
    const admin = await createSignedInUser(first, { role: 'admin' });
    const before = await indexSize(base);
    const code = await shorten(owner.cookie, 'https://example.com/banned-later');
    await joined('the link announced', before + 1);
    expect((await request(first.app, { method: 'POST', url: `/api/admin/links/${code}/ban`, cookie: admin.cookie })).statusCode).toBe(200);
    await waitFor('the ban heard', async () => (await visit(code)).status === 404, 10_000);
    expect((await visit(code, firstBase)).status).toBe(404);
    expect((await request(first.app, { method: 'POST', url: `/api/admin/links/${code}/unban`, cookie: admin.cookie })).statusCode).toBe(200);
    expect(await locationAt(code)).toBe('https://example.com/banned-later');
  });
});

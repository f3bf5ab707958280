import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { LINKS_CLICKED_CHUNK } from '#shared/links.ts';
import { BinaryArray } from './binary-array.ts';
import { ClickBuffer, KNOWN_KINDS_MAX, type ClickDetails, type FlushedOwner } from './click-buffer.ts';
import { getLinkStats } from './queries.ts';

// The click buffer on the real database: visits counted by kind, summed by dimension when read, held
// back under load, and a failed write puts everything back, to be written exactly once by the next one.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const visit = (overrides: Partial<ClickDetails> = {}): ClickDetails => ({
  day: '2026-11-28',
  referrer: 'news.example',
  browser: 'Chrome',
  device: 'Desktop',
  os: 'Windows',
  ip: '203.0.113.7',
  ...overrides,
});

describe('the click buffer', () => {
  it('writes clicks and their dimensions exactly once, even after a failed write', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url) VALUES ('cb-one', 'https://example.com/1'), ('cb-two', 'https://example.com/2') RETURNING id`,
    );
    const [one, two] = rows.map((row) => row.id) as [number, number];
    // The first connection fails (the database away for a moment), the next ones work.
    let failures = 1;
    const pool = {
      connect: () => (failures-- > 0 ? Promise.reject(new Error('connection refused')) : test.database.pool.connect()),
    } as unknown as pg.Pool;
    const countries = { whenReady: () => Promise.resolve(), country: (ip: string) => (ip === '203.0.113.7' ? 'DE' : 'FR') };
    const buffer = new ClickBuffer(pool, () => {}, countries);

    buffer.record(one, visit());
    buffer.record(one, visit());
    buffer.record(one, visit({ referrer: '', browser: 'Firefox', ip: '198.51.100.9' }));
    buffer.record(two, visit({ os: 'macOS' }));
    await expect(buffer.flush()).rejects.toThrow('connection refused');
    expect(buffer.pendingTotal()).toBe(4);
    expect(buffer.pendingClicks(one)).toBe(3);
    // More visits of the same kinds after the failure: counted with the ones put back.
    buffer.record(one, visit());
    buffer.record(two, visit({ os: 'macOS' }), 0); // a visit whose click was counted already (a click limit)
    await buffer.flush();
    expect(buffer.pendingTotal()).toBe(0);

    const clicks = await test.database.pool.query<{ id: number; clicks: number }>('SELECT id, clicks::int FROM short_links WHERE id = ANY($1) ORDER BY id', [[one, two]]);
    expect(clicks.rows).toEqual([
      { id: one, clicks: 4 },
      { id: two, clicks: 1 },
    ]);
    const of = async (link: number) =>
      Object.fromEntries((await getLinkStats(test.database.db, link, '2026-11-28', '2026-11-28')).map((row) => [`${row.kind}:${row.value}`, row.clicks]));
    expect(await of(one)).toEqual({
      'total:': 4,
      'referrer:': 1,
      'referrer:news.example': 3,
      'browser:Chrome': 3,
      'browser:Firefox': 1,
      'device:Desktop': 4,
      'os:Windows': 4,
      'country:DE': 3,
      'country:FR': 1,
    });
    // One row per kind of visitor (not per dimension): two addresses of one country are one row.
    const kinds = await test.database.pool.query('SELECT count(*)::int AS n FROM link_visits WHERE link_id = $1', [one]);
    expect(kinds.rows[0].n).toBe(2);
    // Two visits of `two`, one of whose clicks was counted already: the visits count in the dimensions.
    expect(await of(two)).toEqual({ 'total:': 2, 'referrer:news.example': 2, 'browser:Chrome': 2, 'device:Desktop': 2, 'os:macOS': 2, 'country:DE': 2 });
    // A link's visits go with it (a trigger: link_visits has no foreign key), nobody else's.
    await test.database.pool.query('DELETE FROM short_links WHERE id = $1', [two]);
    const left = await test.database.pool.query('SELECT DISTINCT link_id FROM link_visits WHERE link_id = ANY($1)', [[one, two]]);
    expect(left.rows).toEqual([{ link_id: one }]);
  });

  it('holds visits back while many are gathering, and writes them later or when stopped, clicks still every flush', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url) SELECT 'cb-held-' || i, 'https://example.com/' || i FROM generate_series(1, 3) i RETURNING id`,
    );
    const ids = rows.map((row) => row.id);
    const visitRows = async () => (await test.database.pool.query('SELECT count(*)::int AS n FROM link_visits WHERE link_id = ANY($1)', [ids])).rows[0].n as number;
    const waitFor = async (check: () => Promise<boolean> | boolean) => {
      for (let tries = 0; !(await check()); tries++) {
        if (tries > 500) throw new Error('not written');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Three rows are "many" here; the clicks are old enough at once, the visits not.
    const held = new ClickBuffer(test.database.pool, () => {}, undefined, { atOnce: 2, clicksMaxAgeMs: 0, visitsMaxAgeMs: 3_600_000, maxRows: 100, drainFlushes: 20 });
    held.start(10);
    for (const id of ids) held.record(id, visit());
    await waitFor(() => held.pendingTotal() === 0);
    const clicks = await test.database.pool.query('SELECT sum(clicks)::int AS n FROM short_links WHERE id = ANY($1)', [ids]);
    expect(clicks.rows[0].n).toBe(3);
    expect(await visitRows()).toBe(0);
    await held.stop();
    expect(await visitRows()).toBe(3);

    // Old enough at once: the timer writes them.
    const due = new ClickBuffer(test.database.pool, () => {}, undefined, { atOnce: 2, clicksMaxAgeMs: 0, visitsMaxAgeMs: 0, maxRows: 100, drainFlushes: 20 });
    due.start(10);
    for (const id of ids) due.record(id, visit({ browser: 'Firefox' }));
    await waitFor(async () => (await visitRows()) === 6);
    await due.stop();
    const firefox = await getLinkStats(test.database.db, ids[0]!, '2026-11-28', '2026-11-28');
    expect(firefox.find((row) => row.kind === 'browser' && row.value === 'Firefox')?.clicks).toBe(1);
  });

  it('writes gathered visits a slice per flush, and a slice that failed again, exactly once', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url) SELECT 'cb-slice-' || i, 'https://example.com/' || i FROM generate_series(1, 9) i RETURNING id`,
    );
    const ids = rows.map((row) => row.id);
    const written = async () => (await test.database.pool.query('SELECT count(*)::int AS n FROM link_visits WHERE link_id = ANY($1)', [ids])).rows[0].n as number;
    let failNext = false;
    const pool = {
      connect: () => {
        if (!failNext) return test.database.pool.connect();
        failNext = false;
        return Promise.reject(new Error('connection refused'));
      },
    } as unknown as pg.Pool;
    // Nine rows are many and due at once: three flushes of three rows each.
    const buffer = new ClickBuffer(pool, () => {}, undefined, { atOnce: 2, clicksMaxAgeMs: 0, visitsMaxAgeMs: 0, maxRows: 1000, drainFlushes: 3 });
    for (const id of ids) buffer.record(id, visit());
    await buffer.tick();
    expect(await written()).toBe(3);
    expect(buffer.pendingTotal()).toBe(0); // the clicks all at once
    failNext = true;
    await expect(buffer.tick()).rejects.toThrow('connection refused');
    expect(await written()).toBe(3);
    await buffer.tick();
    expect(await written()).toBe(6);
    await buffer.tick();
    expect(await written()).toBe(9);
    expect(buffer.tick()).toBeUndefined(); // nothing left to write
    const sums = await test.database.pool.query('SELECT sum(clicks)::int AS n FROM link_visits WHERE link_id = ANY($1)', [ids]);
    expect(sums.rows[0].n).toBe(9);
  });

  it('writes a batch that filled up before its hold was over in as many fewer slices, so it is written before the next is due', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url) SELECT 'cb-pace-' || i, 'https://example.com/' || i FROM generate_series(1, 15) i RETURNING id`,
    );
    const ids = rows.map((row) => row.id);
    const written = async (links: number[]) => (await test.database.pool.query('SELECT count(*)::int AS n FROM link_visits WHERE link_id = ANY($1)', [links])).rows[0].n as number;
    // Held 8 s or 8 rows, written over up to 8 flushes: the rows written after each flush, until all are.
    const slices = async (links: number[], gatheredMs: number) => {
      const buffer = new ClickBuffer(test.database.pool, () => {}, undefined, { atOnce: 0, clicksMaxAgeMs: 0, visitsMaxAgeMs: 8000, maxRows: 8, drainFlushes: 8 });
      for (const id of links) buffer.record(id, visit());
      vi.advanceTimersByTime(gatheredMs);
      const after: number[] = [];
      while (await buffer.tick()?.then(() => true)) after.push(await written(links));
      return after;
    };
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
    try {
      // Eight rows in 2 s, a quarter of the hold: due by their number, written over two flushes.
      expect(await slices(ids.slice(0, 8), 2000)).toEqual([4, 8]);
      // Seven rows gathered for the whole hold: due by their age, a row per flush.
      expect(await slices(ids.slice(8, 15), 8000)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts visits made while earlier ones are being written under their own kinds, and shows their clicks at once', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(`INSERT INTO short_links (short_code, original_url) VALUES ('cb-log', 'https://example.com/log') RETURNING id`);
    const id = rows[0]!.id;
    // Due at once, written over many flushes: the first batch is still being written when the next comes.
    const buffer = new ClickBuffer(test.database.pool, () => {}, undefined, { atOnce: 0, clicksMaxAgeMs: 0, visitsMaxAgeMs: 0, maxRows: 1000, drainFlushes: 50 });
    for (let i = 0; i < 3; i++) buffer.record(id, visit({ browser: 'Chrome' }));
    expect(buffer.pendingClicks(id)).toBe(3);
    await buffer.tick();
    // The next batch numbers its kinds afresh: Firefox first this time.
    buffer.record(id, visit({ browser: 'Firefox' }));
    buffer.record(id, visit({ browser: 'Firefox', os: 'Linux' }));
    buffer.record(id, visit({ browser: 'Chrome' }));
    expect(buffer.pendingTotal()).toBe(3);
    expect(buffer.pendingClicks(id)).toBe(3);
    await buffer.stop();
    const stats = await getLinkStats(test.database.db, id, '2026-11-28', '2026-11-28');
    const browsers = Object.fromEntries(stats.filter((row) => row.kind === 'browser').map((row) => [row.value, row.clicks]));
    expect(browsers).toEqual({ Chrome: 4, Firefox: 2 });
    expect(stats.find((row) => row.kind === 'os' && row.value === 'Linux')?.clicks).toBe(1);
    const total = await test.database.pool.query('SELECT clicks::int AS n FROM short_links WHERE id = $1', [id]);
    expect(total.rows[0].n).toBe(6);
  });

  it('still names every kind once more kinds were seen than it remembers', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(`INSERT INTO short_links (short_code, original_url) VALUES ('cb-kinds', 'https://example.com/k') RETURNING id`);
    const link = rows[0]!.id;
    const buffer = new ClickBuffer(test.database.pool);
    // More kinds than remembered: the ids of this batch are all kept, over the limit.
    for (let i = 0; i <= KNOWN_KINDS_MAX; i++) buffer.record(link, visit({ referrer: `r${i}.example` }));
    await buffer.flush();
    // A remembered kind and a new one in the next batch: both written, each with its own id.
    buffer.record(link, visit({ referrer: 'r0.example' }));
    buffer.record(link, visit({ referrer: 'new.example' }));
    await buffer.flush();
    const stats = await getLinkStats(test.database.db, link, '2026-11-28', '2026-11-28');
    const referrers = new Map(stats.filter((row) => row.kind === 'referrer').map((row) => [row.value, row.clicks]));
    expect(referrers.size).toBe(KNOWN_KINDS_MAX + 2);
    expect([referrers.get('r0.example'), referrers.get('r1.example'), referrers.get('new.example')]).toEqual([2, 1, 1]);
    expect(stats.find((row) => row.kind === 'total')?.clicks).toBe(KNOWN_KINDS_MAX + 3);
  });

  it('writes a flush of many links over several statements: every link, day and owner', async () => {
    const { email } = await createSignedInUser(test);
    const userId = (await test.database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
    // 12,001 links (three statements' worth), every third with an owner.
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url, user_id)
       SELECT 'cb-many' || i, 'https://example.com/m' || i, CASE WHEN i % 3 = 0 THEN $1 END FROM generate_series(1, 12001) i RETURNING id`,
      [userId],
    );
    const ids = rows.map((row) => row.id);
    let flushed = new Map<string, FlushedOwner>();
    const buffer = new ClickBuffer(test.database.pool, (owners) => (flushed = owners));
    for (const [index, id] of ids.entries()) {
      buffer.record(id, visit());
      if (index % 2 === 0) buffer.record(id, visit({ day: '2026-11-29', browser: 'Firefox' }));
    }
    await buffer.flush();
    const clicks = await test.database.pool.query<{ n: number; links: number }>(
      'SELECT sum(clicks)::int AS n, count(*) FILTER (WHERE clicks = 2 - (id - $2) % 2)::int AS links FROM short_links WHERE id = ANY($1)',
      [ids, ids[0]],
    );
    expect(clicks.rows[0]).toEqual({ n: 12001 + 6001, links: 12001 });
    const visits = await test.database.pool.query<{ day: string; n: number; links: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(clicks)::int AS n, count(DISTINCT link_id)::int AS links FROM link_visits WHERE link_id = ANY($1) GROUP BY day ORDER BY day`,
      [ids],
    );
    expect(visits.rows).toEqual([
      { day: '2026-11-28', n: 12001, links: 12001 },
      { day: '2026-11-29', n: 6001, links: 6001 },
    ]);
    // For the owner's live counts: how many of their links, and from each statement the 50 with the
    // highest totals (every other link was clicked twice: those).
    expect([...flushed.keys()]).toEqual([userId]);
    const owner = flushed.get(userId)!;
    expect(owner.clicked).toBe(4000);
    expect(owner.links).toHaveLength(3 * LINKS_CLICKED_CHUNK);
    const owned = new Set(ids.filter((_, index) => (index + 1) % 3 === 0));
    expect(owner.links.every((link) => owned.has(link.id) && link.clicks === 2)).toBe(true);
  });

  it('writes two instances’ clicks of the same links at the same time without a deadlock', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO short_links (short_code, original_url) SELECT 'cb-both' || i, 'https://example.com/b' || i FROM generate_series(1, 3000) i RETURNING id`,
    );
    const ids = rows.map((row) => row.id);
    const reversed = ids.toReversed();
    // Two instances: each counts the links in its own order (the order its visitors came in).
    const first = new ClickBuffer(test.database.pool);
    const second = new ClickBuffer(test.database.pool);
    for (let round = 0; round < 10; round++) {
      for (const id of ids) first.record(id, visit());
      for (const id of reversed) second.record(id, visit());
      // Each flush locks the same 3,000 rows of short_links and of link_visits; in opposite orders they deadlocked.
      await Promise.all([first.flush(), second.flush()]);
    }
    const clicks = await test.database.pool.query<{ n: number; links: number }>(
      'SELECT sum(clicks)::int AS n, count(*) FILTER (WHERE clicks = 20)::int AS links FROM short_links WHERE id = ANY($1)',
      [ids],
    );
    expect(clicks.rows[0]).toEqual({ n: 60_000, links: 3000 });
    const visits = await test.database.pool.query<{ n: number }>('SELECT sum(clicks)::int AS n FROM link_visits WHERE link_id = ANY($1)', [ids]);
    expect(visits.rows[0]!.n).toBe(60_000);
  });

  it('sends whole numbers to PostgreSQL as binary arrays it reads back exactly, one buffer statement after statement', async () => {
    const query = async (sql: string, value: Buffer) => (await test.database.pool.query(sql, [value])).rows[0].a;
    // Room for 2 at first: it grows.
    const int4 = new BinaryArray('int4', 2);
    const send = (array: BinaryArray, values: number[]) => {
      array.clear();
      for (const value of values) array.push(value);
      return array.value();
    };
    const ints = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 123_456];
    expect(await query('SELECT $1::int[] AS a', send(int4, ints))).toEqual(ints);
    // Written again: the new values only.
    expect(await query('SELECT $1::int[] AS a', send(int4, [9, 8]))).toEqual([9, 8]);
    expect(await query('SELECT $1::int[] AS a', send(int4, []))).toEqual([]);
    // Room made for many at once (a flush's visits).
    const many = Array.from({ length: 1000 }, (_, i) => i * 7);
    int4.clear(many.length);
    for (const value of many) int4.push(value);
    expect(await query('SELECT $1::int[] AS a', int4.value())).toEqual(many);
    expect(await query('SELECT $1::int[] AS a', send(int4, [3]))).toEqual([3]);
    // int8 comes back as text from pg (it may exceed a double); above 2^32 the high half counts.
    const int8 = new BinaryArray('int8', 4);
    expect(await query('SELECT $1::bigint[] AS a', send(int8, [0, 7, 2 ** 32 + 5, 2 ** 53 - 1]))).toEqual(['0', '7', '4294967301', '9007199254740991']);
    // The element type travels with the array: PostgreSQL refuses one of another type.
    await expect(query('SELECT $1::int[] AS a', send(int8, [1]))).rejects.toThrow(/element type 20 \(bigint\) instead of expected 23/);
  });
});

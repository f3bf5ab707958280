import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ClickBuffer, type ClickDetails } from './click-buffer.ts';

// The click buffer on the real database: visits counted by kind, summed by dimension when written,
// and a failed write puts everything back, to be written exactly once by the next one.

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
    const stats = await test.database.pool.query<{ link_id: number; kind: string; value: string; clicks: number }>(
      `SELECT link_id, kind, value, clicks FROM link_click_stats WHERE link_id = ANY($1) AND day = '2026-11-28' ORDER BY link_id, kind, value`,
      [[one, two]],
    );
    const of = (link: number) => Object.fromEntries(stats.rows.filter((row) => row.link_id === link).map((row) => [`${row.kind}:${row.value}`, row.clicks]));
    expect(of(one)).toEqual({
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
    // Two visits of `two`, one of whose clicks was counted already: the visits count in the dimensions.
    expect(of(two)).toEqual({ 'total:': 2, 'referrer:news.example': 2, 'browser:Chrome': 2, 'device:Desktop': 2, 'os:macOS': 2, 'country:DE': 2 });
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../test/global-setup.ts';
import { migrationsBefore } from '../test/migrations-before.ts';
import { migrationsFolder } from '../paths.ts';
import { connectDatabase } from './client.ts';
import { getLinkStats } from '../modules/links/queries.ts';

// Migration 0047 turns the clicks counted per dimension (link_click_stats) into visit rows
// (link_visits) whose sums by every dimension are the same: no day's analytics change.

const name = `zerri_t_${process.pid}_mig_${randomBytes(3).toString('hex')}`;
const adminUrl = inject('adminDatabaseUrl');
const folders: string[] = [];
afterAll(async () => {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});


describe('the link visits migration', () => {
  it('keeps every day and dimension sum of the clicks counted before it', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    // Commits need not wait for their WAL to reach the disk: a crash is not what this test is about,
    // and the 50-odd migrations' commits are most of its time.
    const url = new URL(withDatabase(adminUrl, name));
    url.searchParams.set('options', '-c synchronous_commit=off');
    const database = connectDatabase(url.toString(), { max: 1 });
    try {
      await migrate(database.db, { migrationsFolder: migrationsBefore('0047_link_visits', folders) });
      const { rows } = await database.pool.query<{ id: number }>(
        `INSERT INTO short_links (short_code, original_url) VALUES ('m1', 'https://example.com/1'), ('m2', 'https://example.com/2') RETURNING id`,
      );
      const [one, two] = rows.map((row) => row.id) as [number, number];
      const counted: [number, string, string, string, number][] = [
        [one, '2026-11-01', 'total', '', 5],
        [one, '2026-11-01', 'referrer', '', 3],
        [one, '2026-11-01', 'referrer', 'news.example', 2],
        [one, '2026-11-01', 'browser', 'Chrome', 4],
        [one, '2026-11-01', 'browser', 'Firefox', 1],
        [one, '2026-11-01', 'device', 'Desktop', 5],
        [one, '2026-11-01', 'os', 'Linux', 2],
        [one, '2026-11-01', 'os', 'Windows', 3],
        [one, '2026-11-01', 'country', 'DE', 4],
        [one, '2026-11-01', 'country', 'FR', 1],
        [one, '2026-11-02', 'total', '', 1],
        [one, '2026-11-02', 'referrer', '', 1],
        [one, '2026-11-02', 'browser', 'Safari', 1],
        [one, '2026-11-02', 'device', 'Mobile', 1],
        [one, '2026-11-02', 'os', 'iOS', 1],
        [one, '2026-11-02', 'country', '--', 1],
        [two, '2026-11-01', 'total', '', 2],
        [two, '2026-11-01', 'referrer', 'a.example', 1],
        [two, '2026-11-01', 'referrer', 'b.example', 1],
        [two, '2026-11-01', 'browser', 'Chrome', 2],
        [two, '2026-11-01', 'device', 'Desktop', 2],
        [two, '2026-11-01', 'os', 'Linux', 2],
        [two, '2026-11-01', 'country', 'DE', 2],
      ];
      for (const row of counted) await database.pool.query('INSERT INTO link_click_stats (link_id, day, kind, value, clicks) VALUES ($1, $2, $3, $4, $5)', row);

      await migrate(database.db, { migrationsFolder });
      const statsOf = async (linkId: number) => (await getLinkStats(database.db, linkId, '2026-11-01', '2026-11-02')).map((row) => [linkId, row.day, row.kind, row.value, row.clicks]);
      const after = [...(await statsOf(one)), ...(await statsOf(two))];
      const sorted = (rows: unknown[][]) => rows.map((row) => row.join(' ')).sort();
      expect(sorted(after)).toEqual(sorted(counted));
      // One row per stretch between the dimensions' boundaries (clicks 2, 3, 4 and 5 of the first day), not one per dimension value.
      const visits = await database.pool.query('SELECT count(*)::int AS n, sum(clicks)::int AS clicks FROM link_visits');
      expect(visits.rows[0]).toEqual({ n: 7, clicks: 8 });
      const gone = await database.pool.query(`SELECT to_regclass('link_click_stats') AS name`);
      expect(gone.rows[0].name).toBeNull();
    } finally {
      await database.close();
    }
  });
});

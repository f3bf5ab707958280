import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../test/global-setup.ts';
import { migrationsBefore } from '../test/migrations-before.ts';
import { migrationsFolder } from '../paths.ts';
import { connectDatabase } from './client.ts';

// Migration 0049: the spec's placeholder bio was saved as every new profile's bio; a profile still
// holding exactly that text (whatever the brand) gets an empty bio, and new profiles start empty.

const name = `zerri_t_${process.pid}_bio_${randomBytes(3).toString('hex')}`;
const adminUrl = inject('adminDatabaseUrl');
const folders: string[] = [];
afterAll(async () => {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});


describe('the placeholder bio migration', () => {
  it('empties the bios that are exactly the placeholder, keeps every bio a creator wrote, and new profiles start empty', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const database = connectDatabase(withDatabase(adminUrl, name), { max: 1 });
    const addUser = (id: string) =>
      database.pool.query(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES ($1, $1, $1 || '@example.com', true, now(), now())`, [id]);
    const bioOf = async (id: string) => (await database.pool.query<{ bio: string }>('SELECT bio FROM user_profiles WHERE id = $1', [id])).rows[0]?.bio;
    try {
      await migrate(database.db, { migrationsFolder: migrationsBefore('0049_site_content', folders) });
      for (const id of ['untouched', 'acme', 'own', 'longer']) await addUser(id);
      // The old trigger wrote the placeholder.
      expect(await bioOf('untouched')).toBe('Digital Creator | Tech Enthusiast | Zerri User');
      await database.pool.query(`UPDATE user_profiles SET bio = 'Digital Creator | Tech Enthusiast | Acme Works User' WHERE id = 'acme'`);
      await database.pool.query(`UPDATE user_profiles SET bio = 'Illustrator from Lagos.' WHERE id = 'own'`);
      await database.pool.query(`UPDATE user_profiles SET bio = 'Digital Creator | Tech Enthusiast | Zerri User. I draw maps.' WHERE id = 'longer'`);

      await migrate(database.db, { migrationsFolder });
      expect(await bioOf('untouched')).toBe('');
      expect(await bioOf('acme')).toBe('');
      expect(await bioOf('own')).toBe('Illustrator from Lagos.');
      expect(await bioOf('longer')).toBe('Digital Creator | Tech Enthusiast | Zerri User. I draw maps.');
      await addUser('after');
      expect(await bioOf('after')).toBe('');
    } finally {
      await database.close();
    }
  });
});

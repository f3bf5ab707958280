import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../paths.ts';

/**
 * The migrations before `tag`, as a folder the migrator can run (a migration's test migrates a database
 * to just before it, writes the rows it changes, then runs it). The folder's path is added to `made`
 * for the test to remove.
 */
export function migrationsBefore(tag: string, made: string[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-migrations-'));
  made.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag));
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

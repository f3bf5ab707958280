import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Executor } from './client.ts';

/**
 * Runs a hot statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection (a generic plan once five runs show it is no worse) instead of on every request. Its
 * name is its text's hash, so one text is one statement whatever the values. For statements asked
 * many times a second with few texts (a feed page), not for every query: each text stays prepared on
 * each pooled connection (decision 038).
 */
export function executePrepared<T extends QueryResultRow>(db: Executor, query: SQL): Promise<QueryResult<T>> {
  const built = db.execute(query).getQuery();
  const name = `zerri_${createHash('sha1').update(built.sql).digest('base64url')}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute() as Promise<QueryResult<T>>;
}

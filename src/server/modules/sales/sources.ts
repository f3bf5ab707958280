// Where a creator's sales came from: their revenue by link and by UTM source, over the attributed
// money links/funnel.ts reads (the clicks remembered by links/attribution.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attributedMoney } from '../links/funnel.ts';

const SOURCES_LISTED = 10;

/** The creator's links that brought the most revenue (sales and invoices, less refunds), and the same by the links' UTM source. */
export async function revenueBySource(db: Db, creatorId: string) {
  const linked = sql`
    SELECT l.id, l.short_code AS code, d.hostname AS domain, coalesce(nullif(l.utm->>'source', ''), '') AS utm_source, m.revenue
    FROM (${attributedMoney(creatorId)}) m JOIN short_links l ON m.source = 'link:' || l.id AND l.user_id = ${creatorId}
    LEFT JOIN domains d ON d.id = l.domain_id`;
  const [links, utmSources] = await Promise.all([
    db.execute<{ id: number; code: string; domain: string | null; sales: number; revenueCents: number }>(sql`
      SELECT id, code, domain, count(*)::int AS sales, sum(revenue)::int AS "revenueCents" FROM (${linked}) x
      GROUP BY id, code, domain ORDER BY 5 DESC, 4 DESC, id LIMIT ${SOURCES_LISTED}`),
    db.execute<{ source: string; sales: number; revenueCents: number }>(sql`
      SELECT utm_source AS source, count(*)::int AS sales, sum(revenue)::int AS "revenueCents" FROM (${linked}) x
      GROUP BY utm_source ORDER BY 3 DESC, 2 DESC, 1 LIMIT ${SOURCES_LISTED}`),
  ]);
  return { links: links.rows, utmSources: utmSources.rows };
}

import { count } from 'drizzle-orm';
import { readSiteContent } from '#shared/site-content.ts';
import { showsUserCounter, type SiteContent } from '#shared/site.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { platformSettings } from '../../db/schema/admin.ts';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/**
 * The registered-user count as the public site may tell it (the home page's counter, its live event):
 * null while there are fewer accounts than the operator's threshold (Admin › Settings), so the number
 * kept back is not published anywhere.
 */
export async function publicUserCount(db: Db): Promise<number | null> {
  const [accounts, content] = await Promise.all([countUsers(db), getSiteContent(db)]);
  return showsUserCounter(accounts, content.userCounter.minUsers) ? accounts : null;
}

/** What the public site says, with the defaults filled in (a new install has no settings row). */
export async function getSiteContent(db: Executor): Promise<SiteContent> {
  const [row] = await db.select({ siteContent: platformSettings.siteContent }).from(platformSettings);
  return readSiteContent(row?.siteContent);
}

export async function saveSiteContent(db: Executor, content: SiteContent): Promise<SiteContent> {
  await db
    .insert(platformSettings)
    .values({ id: true, siteContent: content })
    .onConflictDoUpdate({ target: platformSettings.id, set: { siteContent: content, updatedAt: new Date() } });
  return content;
}

import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type PlatformSettingsBody } from '#shared/auth-two-factor.ts';
import type { SiteContent } from '#shared/site.ts';
import type { AdminSiteContent } from '#shared/site-api.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { getPlatformSettings, savePlatformSettings } from '../../platform/two-factor.ts';
import { getSiteContent, saveSiteContent } from '../site/queries.ts';
import { serverContacts } from '../site/service.ts';

/** Saves the platform settings with an audit entry of what they were and what they are now. */
export async function changePlatformSettings(db: Db, admin: SessionUser, changes: PlatformSettingsBody) {
  // Requiring it without having it would lock the admin out of the page that turns it off.
  if (changes.requireAdminTwoFactor && !admin.twoFactorEnabled) {
    throw new ConflictError(TWO_FACTOR_MESSAGES.enableYourOwnFirst, TWO_FACTOR_CODES.enableYourOwnFirst);
  }
  return db.transaction(async (tx) => {
    const before = await getPlatformSettings(tx);
    const saved = await savePlatformSettings(tx, { ...before, ...changes });
    await recordAdminAction(tx, admin, 'settings.changed', { type: 'settings', id: 'platform' }, { before, after: saved });
    return saved;
  });
}

/** Admin › Settings › Public site: the stored content and the server's contact addresses an empty field falls back to. */
export async function getAdminSiteContent(db: Db, config: Config): Promise<AdminSiteContent> {
  return { content: await getSiteContent(db), serverContacts: serverContacts(config) };
}

/** Saves what the public site says, with an audit entry of before and after; GET /api/site answers it at once. */
export async function changeSiteContent(db: Db, config: Config, admin: SessionUser, content: SiteContent): Promise<AdminSiteContent> {
  const saved = await db.transaction(async (tx) => {
    const before = await getSiteContent(tx);
    const after = await saveSiteContent(tx, content);
    await recordAdminAction(tx, admin, 'site.changed', { type: 'settings', id: 'site' }, { before, after });
    return after;
  });
  return { content: saved, serverContacts: serverContacts(config) };
}

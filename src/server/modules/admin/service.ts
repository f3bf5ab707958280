import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type PlatformSettings } from '#shared/auth-two-factor.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { getPlatformSettings, savePlatformSettings } from '../../platform/two-factor.ts';

/** Saves the platform settings with an audit entry of what they were and what they are now. */
export async function changePlatformSettings(db: Db, admin: SessionUser, settings: PlatformSettings) {
  // Requiring it without having it would lock the admin out of the page that turns it off.
  if (settings.requireAdminTwoFactor && !admin.twoFactorEnabled) {
    throw new ConflictError(TWO_FACTOR_MESSAGES.enableYourOwnFirst, TWO_FACTOR_CODES.enableYourOwnFirst);
  }
  return db.transaction(async (tx) => {
    const before = await getPlatformSettings(tx);
    const saved = await savePlatformSettings(tx, settings);
    await recordAdminAction(tx, admin, 'settings.changed', { type: 'settings', id: 'platform' }, { before, after: saved });
    return saved;
  });
}

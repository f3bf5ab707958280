import { isFirstSession } from '#shared/auth.ts';
import { needsAdminTwoFactorSetup } from '#shared/auth-two-factor.ts';
import type { Me } from '#shared/auth-api.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/session.ts';
import { getPlatformSettings } from '../../platform/two-factor.ts';
import { getCurrentUser } from '../profiles/queries.ts';
import { hasLibraryPurchases } from '../sales/queries.ts';
import { getFirstSignInAt } from './queries.ts';

/** GET /api/me's answer: the signed-in user with their two-factor state and greeting, or null when signed out. */
export async function currentUser(db: Db, session: SessionUser | null): Promise<Me> {
  if (!session) return { user: null };
  // hasPurchases: Library is in the navigation of everyone who has bought something (what the library lists).
  const [user, firstSignInAt, hasPurchases] = await Promise.all([
    getCurrentUser(db, session.id),
    getFirstSignInAt(db, session.id),
    hasLibraryPurchases(db, session.email),
  ]);
  if (!user) return { user: null };
  const twoFactorEnabled = session.twoFactorEnabled ?? false;
  // The admin area sends an admin who must turn on two-factor sign-in to Settings first.
  const twoFactorSetupRequired = needsAdminTwoFactorSetup({ role: user.role, twoFactorEnabled }, await getPlatformSettings(db));
  const firstSession = session.session ? isFirstSession(firstSignInAt, session.session.createdAt) : false;
  return { user: { ...user, twoFactorEnabled, twoFactorSetupRequired, firstSession, hasPurchases } };
}

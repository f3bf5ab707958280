import type { Db } from '../../db/client.ts';
import { hasClicksLeft, takeLimitedClick } from './queries.ts';
import type { LinkGuard } from './redirect-cache.ts';

/**
 * What a visit of a link with a password or an expiry gets: the destination (`counted` when its
 * click was already counted against the click limit), the password page, or the link's end.
 */
export type GuardOutcome = 'open' | 'counted' | 'password' | 'expired';

/**
 * The checks of a guarded link, in order: its end date, its password (unless the visitor gave it),
 * its click limit. A counted visit takes one of the clicks left in the same statement that checks
 * them, so parallel visits never pass the limit; others (bots, HEAD) only look.
 */
export async function passGuard(db: Db, id: number, guard: LinkGuard, options: { counted: boolean; unlocked: boolean }): Promise<GuardOutcome> {
  if (guard.expiresAt !== null && guard.expiresAt <= Date.now()) return 'expired';
  if (guard.passwordHash !== null && !options.unlocked) {
    return guard.maxClicks !== null && !(await hasClicksLeft(db, id)) ? 'expired' : 'password';
  }
  if (guard.maxClicks === null) return 'open';
  if (options.counted) return (await takeLimitedClick(db, id)) ? 'counted' : 'expired';
  return (await hasClicksLeft(db, id)) ? 'open' : 'expired';
}

// A suspended account is signed out with a reason: the server answers 403 `account_suspended` to a
// sign-in and to any call made with a session the suspension ended. The reason is kept for the tab
// (sessionStorage) so /auth can say it after the dashboard guard has sent the user there.
const KEY = 'zerri.accountSuspended';

export const ACCOUNT_SUSPENDED_CODE = 'account_suspended';

export function markSuspended(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage may be off (private mode); the notice is then shown only on a refused sign-in.
  }
}

export function wasSuspended(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSuspended(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See markSuspended.
  }
}

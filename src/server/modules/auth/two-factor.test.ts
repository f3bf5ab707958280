import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '#shared/auth-two-factor.ts';
import { createSignedInUser, createTestApp, request, sessionCookie, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { totpCode, totpSecret, withinOneTotpStep } from '../../test/totp.ts';
import { ADMIN_ONLY } from '#shared/admin.ts';
import { BETTER_AUTH_ROUTES } from '#shared/auth-api.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Account = Awaited<ReturnType<typeof createSignedInUser>>;

const post = (url: string, payload: object, cookie?: string) => request(test.app, { method: 'POST', url, payload, cookie });
const me = async (cookie: string) => (await request(test.app, { method: 'GET', url: '/api/me', cookie })).json().user;

/** Cookies a response sets that still hold a value (an expired session cookie is sent back empty). */
const liveCookies = (setCookie: string | string[] | undefined) =>
  sessionCookie(setCookie)
    .split('; ')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');

/**
 * Turns two-factor sign-in on for a signed-in account, as Settings does; returns the secret and
 * recovery codes. It confirms with the previous 30-second step's code (still accepted), so the
 * current and the next step's codes remain for sign-ins without waiting for the clock: a step,
 * once used, is refused.
 */
async function enableTwoFactor(account: Account) {
  await withinOneTotpStep(10_000);
  const enabled = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, account.cookie);
  expect(enabled.statusCode).toBe(200);
  // better-auth's answer is what the web's contract says it is (src/shared/auth-api.ts).
  const { totpURI, backupCodes } = BETTER_AUTH_ROUTES['POST /api/auth/two-factor/enable'].parse(enabled.json());
  const secret = totpSecret(totpURI);
  const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret, -1) }, account.cookie);
  expect(verified.statusCode).toBe(200);
  // better-auth swaps the session for a new one when two-factor sign-in turns on.
  account.cookie = liveCookies(verified.headers['set-cookie']);
  return { secret, backupCodes };
}

/** The password step of a sign-in: the cookie of the pending two-factor challenge. */
async function passwordStep(email: string) {
  const response = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = liveCookies(response.headers['set-cookie']);
  expect(cookie).toMatch(/two_factor=/);
  expect(cookie).not.toMatch(/session_token=/);
  return cookie;
}

describe('TOTP two-factor sign-in', () => {
  let account: Account;
  let secret: Buffer;

  beforeAll(async () => {
    account = await createSignedInUser(test, { role: 'creator' });
    // The tests below use the previous, current and next steps' codes in turn (and check replays).
    await withinOneTotpStep(20_000);
  });

  it('is off until a first correct code confirms the set-up, and needs the password to start', async () => {
    expect(await me(account.cookie)).toMatchObject({ twoFactorEnabled: false });
    const wrongPassword = await post('/api/auth/two-factor/enable', { password: 'not-my-password' }, account.cookie);
    expect(wrongPassword.statusCode).toBe(400);

    const started = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, account.cookie);
    const { totpURI, backupCodes } = started.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Zerri:/);
    expect(backupCodes).toHaveLength(10);
    // Not confirmed yet: signing in still needs only the password.
    const signIn = await post('/api/auth/sign-in/email', { email: account.email, password: TEST_PASSWORD });
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');

    secret = totpSecret(totpURI);
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret, 5) }, account.cookie);
    expect(wrong.statusCode).toBe(401);
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret, -1) }, account.cookie);
    expect(confirmed.statusCode).toBe(200);
    account.cookie = liveCookies(confirmed.headers['set-cookie']);
    expect(await me(account.cookie)).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
  });

  it('asks for the code on sign-in and gives no session for the password alone', async () => {
    const challenge = await passwordStep(account.email);
    expect(await me(challenge)).toBeNull();
  });

  it('refuses a wrong code and opens a session for the right one', async () => {
    const challenge = await passwordStep(account.email);
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret, -10) }, challenge);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_code');
    expect(liveCookies(wrong.headers['set-cookie'])).not.toMatch(/session_token=/);

    const right = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, challenge);
    expect(right.statusCode).toBe(200);
    const session = liveCookies(right.headers['set-cookie']);
    expect(await me(session)).toMatchObject({ id: account.id, twoFactorEnabled: true });
  });

  it('refuses a code that was already used, and an older one, on a later sign-in', async () => {
    const used = totpCode(secret); // accepted in the test above
    const challenge = await passwordStep(account.email);
    for (const code of [used, totpCode(secret, -1)]) {
      const replay = await post('/api/auth/two-factor/verify-totp', { code }, challenge);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toEqual({ code: TWO_FACTOR_CODES.codeReused, message: TWO_FACTOR_MESSAGES.codeReused });
    }
  });

  it('lets only one of two sign-ins racing with the same fresh code through', async () => {
    const [first, second] = await Promise.all([passwordStep(account.email), passwordStep(account.email)]);
    const code = totpCode(secret, 1);
    const answers = await Promise.all([first, second].map((challenge) => post('/api/auth/two-factor/verify-totp', { code }, challenge)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('never remembers a device: trustDevice is refused', async () => {
    const challenge = await passwordStep(account.email);
    const response = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret, 1), trustDevice: true }, challenge);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(TWO_FACTOR_CODES.trustDeviceRefused);
  });

  it('works over real HTTP as a browser does it: password, then the code, then the session', async () => {
    const fresh = await createSignedInUser(test, { role: 'creator' });
    const { secret: freshSecret } = await enableTwoFactor(fresh);
    const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const call = (path: string, body: object, cookie?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const password = await call('/api/auth/sign-in/email', { email: fresh.email, password: TEST_PASSWORD });
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = liveCookies(password.headers.getSetCookie());
    const code = await call('/api/auth/two-factor/verify-totp', { code: totpCode(freshSecret) }, challenge);
    expect(code.status).toBe(200);
    const session = liveCookies(code.headers.getSetCookie());
    const current = await (await fetch(`${base}/api/me`, { headers: { cookie: session } })).json();
    expect(current.user).toMatchObject({ id: fresh.id, twoFactorEnabled: true });
  });
});

describe('recovery codes', () => {
  it('sign in once each, can be made anew with the password, and end with two-factor turned off', async () => {
    const account = await createSignedInUser(test, { role: 'creator' });
    const { backupCodes } = await enableTwoFactor(account);

    const first = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, await passwordStep(account.email));
    expect(first.statusCode).toBe(200);
    expect(await me(liveCookies(first.headers['set-cookie']))).toMatchObject({ id: account.id });

    const again = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, await passwordStep(account.email));
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('invalid_backup_code');

    // New codes replace the old ones (the password is asked again).
    const refused = await post('/api/auth/two-factor/generate-backup-codes', { password: 'wrong-password' }, account.cookie);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const renewed = await post('/api/auth/two-factor/generate-backup-codes', { password: TEST_PASSWORD }, account.cookie);
    expect(renewed.statusCode).toBe(200);
    const fresh = BETTER_AUTH_ROUTES['POST /api/auth/two-factor/generate-backup-codes'].parse(renewed.json()).backupCodes;
    const old = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] }, await passwordStep(account.email));
    expect(old.statusCode).toBe(401);
    const newOne = await post('/api/auth/two-factor/verify-backup-code', { code: fresh[0] }, await passwordStep(account.email));
    expect(newOne.statusCode).toBe(200);

    // Turning it off needs the password; then the password alone signs in again.
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong-password' }, account.cookie)).statusCode).toBe(400);
    const disabled = await post('/api/auth/two-factor/disable', { password: TEST_PASSWORD }, account.cookie);
    expect(disabled.statusCode).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', { email: account.email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
  });
});

describe('passkeys', () => {
  it('are registered only for the signed-in account, on the public host', async () => {
    expect((await request(test.app, { method: 'GET', url: '/api/auth/passkey/list-user-passkeys' })).statusCode).toBe(401);
    expect((await request(test.app, { method: 'GET', url: '/api/auth/passkey/generate-register-options' })).statusCode).toBe(401);
    const account = await createSignedInUser(test, { role: 'creator' });
    const options = await request(test.app, { method: 'GET', url: '/api/auth/passkey/generate-register-options', cookie: account.cookie });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rp: { id: 'zerri.test', name: 'Zerri' }, user: { name: account.email } });
  });

  it("cannot be removed, renamed or listed by anyone but their owner", async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    await test.database.pool.query(
      `INSERT INTO passkeys (id, name, user_id, public_key, credential_id, counter, device_type, backed_up)
       VALUES ('pk-owner-1', 'Laptop', $1, 'cHVibGlj', 'cred-owner-1', 0, 'singleDevice', false)`,
      [owner.id],
    );
    const listed = await request(test.app, { method: 'GET', url: '/api/auth/passkey/list-user-passkeys', cookie: other.cookie });
    expect(listed.json()).toEqual([]);
    const removed = await post('/api/auth/passkey/delete-passkey', { id: 'pk-owner-1' }, other.cookie);
    expect(removed.statusCode).toBeGreaterThanOrEqual(400);
    const renamed = await post('/api/auth/passkey/update-passkey', { id: 'pk-owner-1', name: 'Mine now' }, other.cookie);
    expect(renamed.statusCode).toBeGreaterThanOrEqual(400);
    const { rows } = await test.database.pool.query(`SELECT name FROM passkeys WHERE id = 'pk-owner-1'`);
    expect(rows).toEqual([{ name: 'Laptop' }]);
    const tooLong = await post('/api/auth/passkey/update-passkey', { id: 'pk-owner-1', name: 'x'.repeat(61) }, owner.cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe(TWO_FACTOR_CODES.passkeyNameTooLong);
    expect((await post('/api/auth/passkey/update-passkey', { id: 'pk-owner-1', name: 'Work laptop' }, owner.cookie)).statusCode).toBe(200);

    const own = await request(test.app, { method: 'GET', url: '/api/auth/passkey/list-user-passkeys', cookie: owner.cookie });
    expect(own.json()).toMatchObject([{ id: 'pk-owner-1', name: 'Work laptop' }]);
    expect(BETTER_AUTH_ROUTES['GET /api/auth/passkey/list-user-passkeys'].parse(own.json())).toMatchObject([{ id: 'pk-owner-1', deviceType: 'singleDevice' }]);
    expect((await post('/api/auth/passkey/delete-passkey', { id: 'pk-owner-1' }, owner.cookie)).statusCode).toBe(200);
  });
});

describe('two-factor sign-in required for admins', () => {
  const settings = (cookie: string, requireAdminTwoFactor?: boolean) =>
    requireAdminTwoFactor === undefined
      ? request(test.app, { method: 'GET', url: '/api/admin/settings', cookie })
      : request(test.app, { method: 'PUT', url: '/api/admin/settings', cookie, payload: { requireAdminTwoFactor } });

  it('is switched by an admin who has it, and then refuses admins without it on every admin route', async () => {
    const secured = await createSignedInUser(test, { role: 'admin' });
    const plain = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await settings(plain.cookie)).json()).toEqual({ requireAdminTwoFactor: false, unconnectedSellers: 'held' });
    expect((await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie: plain.cookie })).statusCode).toBe(200);

    // Nobody but an admin reads or changes the setting.
    for (const response of [await settings(creator.cookie), await settings(creator.cookie, false)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(ADMIN_ONLY);
    }
    // An admin without two-factor sign-in cannot require it (it would lock them out of this page).
    const selfLock = await settings(plain.cookie, true);
    expect(selfLock.statusCode).toBe(409);
    expect(selfLock.json().error.code).toBe(TWO_FACTOR_CODES.enableYourOwnFirst);

    await enableTwoFactor(secured);
    const switched = await settings(secured.cookie, true);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ requireAdminTwoFactor: true, unconnectedSellers: 'held' });
    const { rows } = await test.database.pool.query(`SELECT actor_id, details FROM audit_log WHERE action = 'settings.changed'`);
    expect(rows).toEqual([{ actor_id: secured.id, details: { before: { requireAdminTwoFactor: false, unconnectedSellers: 'held' }, after: { requireAdminTwoFactor: true, unconnectedSellers: 'held' } } }]);

    // The admin without it: 403 with a clear code on the admin API, and /api/me sends the web to Settings.
    for (const url of ['/api/admin/overview', '/api/admin/users', '/api/admin/audit-log', '/api/admin/settings', '/api/admin/blocked-domains']) {
      const response = await request(test.app, { method: 'GET', url, cookie: plain.cookie });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toEqual({ code: TWO_FACTOR_CODES.adminTwoFactorRequired, message: TWO_FACTOR_MESSAGES.adminTwoFactorRequired });
    }
    const blocked = await request(test.app, { method: 'POST', url: `/api/admin/users/${creator.id}/suspend`, cookie: plain.cookie });
    expect(blocked.statusCode).toBe(403);
    expect(await me(plain.cookie)).toMatchObject({ role: 'admin', twoFactorSetupRequired: true });
    // Other people are not concerned.
    expect(await me(creator.cookie)).toMatchObject({ twoFactorSetupRequired: false });
    expect((await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie: secured.cookie })).statusCode).toBe(200);

    // Once the admin turns it on, the admin pages open.
    await enableTwoFactor(plain);
    expect(await me(plain.cookie)).toMatchObject({ twoFactorSetupRequired: false });
    expect((await request(test.app, { method: 'GET', url: '/api/admin/overview', cookie: plain.cookie })).statusCode).toBe(200);
    expect((await settings(plain.cookie, false)).statusCode).toBe(200);
  });
});

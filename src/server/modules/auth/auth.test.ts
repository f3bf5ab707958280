import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { users } from '../../db/schema/auth.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import {
  confirmEmail,
  createSignedInUser,
  createTestApp,
  firstLink,
  latestMailTo,
  logIn,
  request,
  sessionCookie,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => test.close());

const countUsers = async (email: string) =>
  (await test.database.db.select().from(users).where(eq(users.email, email))).length;

describe('sign-up', () => {
  it('creates the user and its profile with the spec fallbacks, awaiting confirmation', async () => {
    const email = uniqueEmail('jane');
    const response = await signUp(test.app, { email, name: 'Jane  Doe', role: 'creator' });
    expect(response.statusCode).toBe(200);
    const { user } = response.json<{ user: { id: string; emailVerified: boolean; role: string } }>();
    expect(user).toMatchObject({ emailVerified: false, role: 'creator' });
    const [profile] = await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, user.id));
    expect(profile).toMatchObject({
      name: 'Jane  Doe',
      // The spec's 'Digital Creator | Tech Enthusiast | Zerri User' is the form's placeholder, not a saved bio.
      bio: '',
      isPublic: false,
      skills: [],
      portfolio: [],
      socialLinks: { twitter: '', linkedin: '', github: '', website: '' },
      avatarUrl: `/api/avatars/${user.id}.svg`,
    });
    expect(profile!.storefrontSlug).toMatch(/^jane-doe-[a-z0-9]{4}$/);
    const mail = await latestMailTo(test.database, email);
    expect(mail?.subject).toBe('Confirm your Zerri account');
  });

  it('takes the name from the e-mail when none is given and keeps slugs unique', async () => {
    const first = await signUp(test.app, { email: uniqueEmail('twin'), name: 'Twin' });
    const second = await signUp(test.app, { email: uniqueEmail('twin'), name: 'Twin' });
    const ids = [first, second].map((r) => r.json<{ user: { id: string } }>().user.id);
    const slugs = await Promise.all(
      ids.map(async (id) => (await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0]!.storefrontSlug),
    );
    expect(new Set(slugs).size).toBe(2);
    const email = uniqueEmail('noname');
    const { rows } = await test.database.pool.query(
      `INSERT INTO users (id, name, email) VALUES ('noname-id-1', '', $1) RETURNING id`,
      [email],
    );
    const [profile] = await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, rows[0].id));
    expect(profile!.name).toBe(email.split('@')[0]);
  });

  it.each([
    ['short', 'abc', AUTH_MESSAGES.passwordTooShort],
    ['long', 'x'.repeat(129), AUTH_MESSAGES.passwordTooLong],
    ['common', 'password1', AUTH_MESSAGES.passwordTooCommon],
  ])('refuses a %s password with a clear message and creates nothing', async (_kind, password, message) => {
    const email = uniqueEmail('pw');
    const response = await signUp(test.app, { email, password });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a missing password with the spec message', async () => {
    const response = await request(test.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), name: 'No Password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.credentialsRequired);
  });

  it('never lets a client choose the admin role', async () => {
    const email = uniqueEmail('sneaky');
    const response = await signUp(test.app, { email, role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.invalidRole);
    expect(await countUsers(email)).toBe(0);
  });

  it('accepts the company and user roles', async () => {
    for (const role of ['company', 'user']) {
      const response = await signUp(test.app, { email: uniqueEmail(role), role });
      expect(response.json().user.role).toBe(role);
    }
  });

  it('saves no placeholder bio, whatever the brand: the creator’s public storefront shows no words they did not write', async () => {
    const acme = await createTestApp({ BRAND_NAME: 'Acme Works' });
    try {
      const response = await signUp(acme.app, { email: uniqueEmail('acme'), role: 'creator' });
      const id = response.json().user.id;
      const [profile] = await acme.database.db.select().from(userProfiles).where(eq(userProfiles.id, id));
      expect(profile!.bio).toBe('');
      const storefront = await request(acme.app, { method: 'GET', url: `/api/store/creators/${id}` });
      expect(storefront.statusCode).toBe(200);
      expect(storefront.json().creator.bio).toBe('');
      expect(storefront.body).not.toContain('Tech Enthusiast');
    } finally {
      await acme.close();
    }
  });

  it('makes ADMIN_EMAILS admins', async () => {
    const response = await signUp(test.app, { email: 'boss@example.com', role: 'creator' });
    expect(response.json().user.role).toBe('admin');
  });
});

describe('login and session', () => {
  it('refuses login before the e-mail is confirmed, then works after the mailed link', async () => {
    const email = uniqueEmail('confirm');
    await signUp(test.app, { email, role: 'user' });
    const early = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('email_not_verified');

    const confirmed = await confirmEmail(test, email);
    expect(confirmed.statusCode).toBe(302);
    const cookie = await logIn(test.app, email);
    const me = await request(test.app, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, role: 'user', emailVerified: true });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = uniqueEmail('cookie');
    await signUp(test.app, { email });
    await confirmEmail(test, email);
    const response = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD } });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain('zerri.session_token=');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers Login Failed material for a wrong password', async () => {
    const { email } = await createSignedInUser(test);
    const response = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'wrong-password-x' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Invalid email or password');
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await createSignedInUser(test);
    const out = await request(test.app, { method: 'POST', url: '/api/auth/sign-out', cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await request(test.app, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
  });

  it('keeps the role when a client tries to update it', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator' });
    const response = await request(test.app, { method: 'POST', url: '/api/auth/update-user', cookie, payload: { role: 'admin', name: 'Renamed' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.roleNotChangeable);
    const me = await request(test.app, { method: 'GET', url: '/api/me', cookie });
    expect(me.json().user).toMatchObject({ role: 'creator', name: 'Test Person' });
  });

  it('resets a password through the mailed link', async () => {
    const { email } = await createSignedInUser(test);
    const asked = await request(test.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await latestMailTo(test.database, email);
    expect(mail?.subject).toBe('Reset your Zerri password');
    const link = new URL(firstLink(mail!.text));
    const opened = await request(test.app, { method: 'GET', url: link.pathname + link.search });
    const location = new URL(String(opened.headers.location), 'http://zerri.test');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await request(test.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(logIn(test.app, email)).rejects.toThrow(/401/);
    await expect(logIn(test.app, email, 'a-brand-new-secret')).resolves.toContain('zerri.session_token');
  });
});

describe('confirmation, first session and the greeting', () => {
  const me = async (cookie: string) => (await request(test.app, { method: 'GET', url: '/api/me', cookie })).json().user;

  it('signs the person in by the confirmation link; that first session greets Welcome, later ones Welcome back', async () => {
    const email = uniqueEmail('welcome');
    await signUp(test.app, { email, role: 'creator' });
    const confirmed = await confirmEmail(test, email);
    expect(confirmed.statusCode).toBe(302);
    const firstCookie = sessionCookie(confirmed.headers['set-cookie']);
    expect(firstCookie).toContain('zerri.session_token=');
    expect(await me(firstCookie)).toMatchObject({ email, emailVerified: true, firstSession: true });

    const laterCookie = await logIn(test.app, email);
    expect(await me(laterCookie)).toMatchObject({ email, firstSession: false });
    // The first session stays the first one.
    expect(await me(firstCookie)).toMatchObject({ firstSession: true });

    // The link works once: opened again, it signs nobody in.
    const again = await confirmEmail(test, email);
    expect(again.statusCode).toBe(302);
    expect(sessionCookie(again.headers['set-cookie'])).not.toContain('zerri.session_token=');
  });

  it('greets Welcome back after signing out of the first session and in again (no earlier session is left)', async () => {
    const email = uniqueEmail('return');
    await signUp(test.app, { email });
    const firstCookie = sessionCookie((await confirmEmail(test, email)).headers['set-cookie']);
    expect(await me(firstCookie)).toMatchObject({ firstSession: true });
    await request(test.app, { method: 'POST', url: '/api/auth/sign-out', cookie: firstCookie, payload: {} });
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`, [email]);
    expect(rows[0].n).toBe(0);
    expect(await me(await logIn(test.app, email))).toMatchObject({ firstSession: false });
  });

  it('mails a new confirmation link on request before confirmation, landing where the sign-up one does', async () => {
    const email = uniqueEmail('resend');
    await signUp(test.app, { email });
    const refused = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD } });
    expect(refused.json().error.code).toBe('email_not_verified');
    const firstMail = await latestMailTo(test.database, email);

    const resent = await request(test.app, {
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email, callbackURL: '/auth?verified=1' },
    });
    expect(resent.statusCode).toBe(200);
    const mail = await latestMailTo(test.database, email);
    expect(mail!.id).not.toBe(firstMail!.id);
    expect(mail!.subject).toBe('Confirm your Zerri account');
    const link = new URL(firstLink(mail!.text));
    expect(link.searchParams.get('callbackURL')).toBe('/auth?verified=1');
    const opened = await request(test.app, { method: 'GET', url: link.pathname + link.search });
    expect(opened.headers.location).toBe('/auth?verified=1');
    expect(await me(sessionCookie(opened.headers['set-cookie']))).toMatchObject({ email, firstSession: true });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { PLAN_MESSAGES } from '#shared/plans.ts';
import { PROFILE_MESSAGES, PROFILE_UPDATED_EVENT } from '#shared/profiles.ts';
import { userChannel } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, logIn, request, TEST_PASSWORD } from '../../test/test-app.ts';
import { createProduct, createSale, pngImage, postMultipart } from './test-fixtures.ts';

const app = listeningTestApp();

const getProfile = async (cookie?: string) => request(app.test.app, { method: 'GET', url: '/api/profile', cookie });
const patchProfile = (cookie: string | undefined, payload: Record<string, unknown>) =>
  request(app.test.app, { method: 'PATCH', url: '/api/profile', cookie, payload });
const row = async (sql: string, params: unknown[]) => (await app.test.database.pool.query(sql, params)).rows[0];

describe('reading my profile', () => {
  it('answers the spec message when signed out', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(PROFILE_MESSAGES.userNotFound);
  });

  it('gives the profile with the defaults of a new account', async () => {
    const { cookie, id, email } = await createSignedInUser(app.test, { role: 'creator', name: 'Maya Chen' });
    const { profile } = (await getProfile(cookie)).json();
    expect(profile).toMatchObject({
      id,
      email,
      role: 'creator',
      plan: 'free',
      name: 'Maya Chen',
      // The spec's placeholder bio is the form's placeholder, never saved as the creator's words.
      bio: '',
      avatarUrl: `/api/avatars/${id}.svg`,
      hasCustomAvatar: false,
      skills: [],
      portfolio: [],
      socialLinks: { twitter: '', linkedin: '', github: '', website: '' },
      isPublic: false,
      notifications: { emailNotifications: true, pushNotifications: false },
      preferences: { language: 'en', theme: 'dark' },
      // Not chosen yet: the first sign-in saves the device's language and theme instead.
      preferencesChosen: false,
    });
    expect(profile.storefrontSlug).toMatch(/^maya-chen-[a-z0-9]{4}$/);
  });
});

describe('updating my profile', () => {
  it('needs a signed-in user', async () => {
    const response = await patchProfile(undefined, { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(PROFILE_MESSAGES.notAuthenticated);
  });

  it('saves every editable field and the storefront shows them at once', async () => {
    const { cookie, id } = await createSignedInUser(app.test, { role: 'creator', plan: 'pro' });
    const response = await patchProfile(cookie, {
      name: '  Ana Lima ',
      bio: 'Illustrator in Lisbon',
      skills: ['Illustration', ' illustration ', 'Figma', ''.padEnd(3, ' ')].filter((skill) => skill.trim()),
      portfolio: [{ id: 'p1', title: 'Poster series', link: 'https://example.com/posters', imageUrl: 'https://example.com/p.png' }],
      socialLinks: { twitter: 'https://x.com/ana', linkedin: '', github: 'https://github.com/ana', website: 'http://ana.example' },
      storefrontSlug: `ana-lima-${id.slice(0, 4).toLowerCase()}`,
      isPublic: true,
      notifications: { emailNotifications: false, pushNotifications: true },
      preferences: { language: 'es', theme: 'light' },
    });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile).toMatchObject({
      name: 'Ana Lima',
      bio: 'Illustrator in Lisbon',
      skills: ['Illustration', 'Figma'],
      isPublic: true,
      notifications: { emailNotifications: false, pushNotifications: true },
      preferences: { language: 'es', theme: 'light' },
      preferencesChosen: true,
    });
    // The account's own name follows (mails and sessions read it).
    expect((await row('SELECT name FROM users WHERE id = $1', [id])).name).toBe('Ana Lima');

    const store = await request(app.test.app, { method: 'GET', url: `/api/store/creators/${profile.storefrontSlug}` });
    expect(store.statusCode).toBe(200);
    expect(store.json().creator).toMatchObject({
      id,
      name: 'Ana Lima',
      bio: 'Illustrator in Lisbon',
      skills: ['Illustration', 'Figma'],
      portfolio: [{ id: 'p1', title: 'Poster series', link: 'https://example.com/posters' }],
      socialLinks: { twitter: 'https://x.com/ana', github: 'https://github.com/ana', website: 'http://ana.example' },
    });
  });

  it('keeps skills and portfolio off the storefront while the profile is not public', async () => {
    const { cookie, id } = await createSignedInUser(app.test, { role: 'creator' });
    await patchProfile(cookie, { skills: ['Secret skill'], portfolio: [{ id: 'a', title: 'Hidden', link: 'https://example.com' }], isPublic: false });
    const { creator } = (await request(app.test.app, { method: 'GET', url: `/api/store/creators/${id}` })).json();
    expect(creator.skills).toEqual([]);
    expect(creator.portfolio).toEqual([]);
  });

  it('changes nothing that a client may not set: id, role, plan, e-mail, another user', async () => {
    const me = await createSignedInUser(app.test, { role: 'user', name: 'Me Myself' });
    const other = await createSignedInUser(app.test, { role: 'creator', name: 'Someone Else' });
    const response = await patchProfile(me.cookie, {
      id: other.id,
      userId: other.id,
      role: 'admin',
      plan: 'business',
      email: 'stolen@example.com',
      suspendedAt: null,
      name: 'Renamed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ id: me.id, role: 'user', plan: 'free', email: me.email, name: 'Renamed' });
    expect(await row('SELECT role, plan, email FROM users WHERE id = $1', [me.id])).toEqual({ role: 'user', plan: 'free', email: me.email });
    expect((await row('SELECT name FROM user_profiles WHERE id = $1', [other.id])).name).toBe('Someone Else');
    expect((await row('SELECT role FROM users WHERE id = $1', [other.id])).role).toBe('creator');
  });

  it('refuses a role, plan or suspension change through the auth API too', async () => {
    const me = await createSignedInUser(app.test, { role: 'user' });
    const withRole = await request(app.test.app, { method: 'POST', url: '/api/auth/update-user', cookie: me.cookie, payload: { role: 'admin' } });
    expect(withRole.statusCode).toBe(400);
    await request(app.test.app, { method: 'POST', url: '/api/auth/update-user', cookie: me.cookie, payload: { plan: 'business', suspendedAt: null, name: 'Still Me' } });
    expect(await row('SELECT role, plan FROM users WHERE id = $1', [me.id])).toEqual({ role: 'user', plan: 'free' });
  });

  it.each([
    ['uppercase', 'Ana-Lima', PROFILE_MESSAGES.slugInvalid],
    ['a space', 'ana lima', PROFILE_MESSAGES.slugInvalid],
    ['an underscore', 'ana_lima', PROFILE_MESSAGES.slugInvalid],
    ['too short', 'ab', PROFILE_MESSAGES.slugInvalid],
    ['a reserved word', 'product', PROFILE_MESSAGES.slugReserved('product')],
  ])('refuses a storefront address with %s', async (_case, slug, message) => {
    const { cookie } = await createSignedInUser(app.test);
    const response = await patchProfile(cookie, { storefrontSlug: slug });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('answers 409 with a clear message for a storefront address that is taken, and keeps mine', async () => {
    const first = await createSignedInUser(app.test);
    const second = await createSignedInUser(app.test, { plan: 'pro' });
    const taken = (await getProfile(first.cookie)).json().profile.storefrontSlug;
    const mine = (await getProfile(second.cookie)).json().profile.storefrontSlug;
    const response = await patchProfile(second.cookie, { storefrontSlug: taken, name: 'Not Saved' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'slug_taken', message: PROFILE_MESSAGES.slugTaken(taken) });
    expect((await getProfile(second.cookie)).json().profile).toMatchObject({ storefrontSlug: mine });
    expect((await getProfile(second.cookie)).json().profile.name).not.toBe('Not Saved');
    // Saving my own address again is fine.
    expect((await patchProfile(second.cookie, { storefrontSlug: mine })).statusCode).toBe(200);
  });

  it('keeps a Free account on its generated storefront address, with the plan it needs', async () => {
    const { cookie } = await createSignedInUser(app.test, { role: 'creator' });
    const mine = (await getProfile(cookie)).json().profile.storefrontSlug;
    const refused = await patchProfile(cookie, { storefrontSlug: 'my-own-shop', name: 'Not Saved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'plan_required',
      message: PLAN_MESSAGES.customSlugPlanRequired('Creator Pro'),
      params: { plan: 'Creator Pro', planId: 'pro' },
    });
    expect((await getProfile(cookie)).json().profile).toMatchObject({ storefrontSlug: mine });
    expect((await getProfile(cookie)).json().profile.name).not.toBe('Not Saved');
    // The settings save sends the address it shows: the one the account has passes with the rest.
    const saved = await patchProfile(cookie, { storefrontSlug: mine, name: 'Saved Name' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ storefrontSlug: mine, name: 'Saved Name' });
  });

  it.each(['pro', 'business'] as const)('lets a %s account choose its storefront address', async (plan) => {
    const { cookie, id } = await createSignedInUser(app.test, { role: 'creator', plan });
    const slug = `shop-${plan}-${id.slice(0, 6).toLowerCase()}`;
    const response = await patchProfile(cookie, { storefrontSlug: slug });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.storefrontSlug).toBe(slug);
    expect((await request(app.test.app, { method: 'GET', url: `/api/store/creators/${slug}` })).json().creator.id).toBe(id);
  });

  it('lets a Free account choose its address once an admin moves it to Creator Pro', async () => {
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const { cookie, id } = await createSignedInUser(app.test, { role: 'creator' });
    const slug = `upgraded-${id.slice(0, 6).toLowerCase()}`;
    expect((await patchProfile(cookie, { storefrontSlug: slug })).statusCode).toBe(403);
    const changed = await request(app.test.app, { method: 'PUT', url: `/api/admin/users/${id}/plan`, cookie: admin.cookie, payload: { plan: 'pro' } });
    expect(changed.statusCode).toBe(200);
    expect((await patchProfile(cookie, { storefrontSlug: slug })).json().profile.storefrontSlug).toBe(slug);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com', 'example.com', 'https://', 'data:text/html,hi'])(
    'refuses the social link %s (http and https only)',
    async (link) => {
      const { cookie } = await createSignedInUser(app.test);
      const response = await patchProfile(cookie, { socialLinks: { twitter: '', linkedin: '', github: '', website: link } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(PROFILE_MESSAGES.socialLinkInvalid);
    },
  );

  it.each([
    [{ id: 'x', title: '', link: 'https://example.com' }, PROFILE_MESSAGES.portfolioTitleRequired],
    [{ id: 'x', title: 'Work', link: '' }, PROFILE_MESSAGES.portfolioLinkRequired],
    [{ id: 'x', title: 'Work', link: 'javascript:alert(1)' }, PROFILE_MESSAGES.portfolioLinkInvalid],
    [{ id: 'x', title: 'Work', link: 'https://example.com', imageUrl: 'file:///etc/passwd' }, PROFILE_MESSAGES.portfolioImageInvalid],
  ])('refuses a portfolio item without what it needs (%#)', async (item, message) => {
    const { cookie } = await createSignedInUser(app.test);
    const response = await patchProfile(cookie, { portfolio: [item] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses an empty name and unknown languages or themes', async () => {
    const { cookie } = await createSignedInUser(app.test);
    expect((await patchProfile(cookie, { name: '   ' })).json().error.message).toBe(PROFILE_MESSAGES.nameRequired);
    expect((await patchProfile(cookie, { preferences: { language: 'de', theme: 'dark' } })).statusCode).toBe(400);
    expect((await patchProfile(cookie, { preferences: { language: 'en', theme: 'blue' } })).statusCode).toBe(400);
  });

  it('tells my other open tabs on my own channel', async () => {
    const { cookie, id } = await createSignedInUser(app.test);
    const events: unknown[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(id)], (event) => events.push(event));
    try {
      await patchProfile(cookie, { bio: 'Live' });
      await vi.waitFor(() => expect(events).toContainEqual(expect.objectContaining({ type: PROFILE_UPDATED_EVENT })));
    } finally {
      stop();
    }
  });
});

describe('my avatar', () => {
  it('stores a picture re-encoded under avatars/{userId}/{timestamp}_{name}', async () => {
    const { cookie, id } = await createSignedInUser(app.test);
    const png = await pngImage();
    const response = await postMultipart(app.base, '/api/profile/avatar', cookie, [{ field: 'avatar', body: new Blob([png]), name: 'my face.png' }]);
    expect(response.status).toBe(200);
    const { profile } = response.body;
    expect(profile.hasCustomAvatar).toBe(true);
    expect(profile.avatarUrl).toMatch(new RegExp(`^/media/avatars/${id}/\\d+_my_face\\.webp$`));
    const image = await fetch(`${app.base}${profile.avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    // A new picture replaces the old file; removing it goes back to the generated one.
    const second = await postMultipart(app.base, '/api/profile/avatar', cookie, [{ field: 'avatar', body: new Blob([png]), name: 'new.png' }]);
    expect(await app.test.app.zerri.storage.list('avatars')).not.toContain(profile.avatarUrl.replace('/media/avatars/', ''));
    const removed = await request(app.test.app, { method: 'DELETE', url: '/api/profile/avatar', cookie });
    expect(removed.json().profile).toMatchObject({ avatarUrl: `/api/avatars/${id}.svg`, hasCustomAvatar: false });
    expect(await app.test.app.zerri.storage.list('avatars')).not.toContain(second.body.profile.avatarUrl.replace('/media/avatars/', ''));
  });

  it('refuses more than 5 MB with 413 while it streams, and stores nothing', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await app.test.app.zerri.storage.list('avatars');
    const big = new Blob([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await postMultipart(app.base, '/api/profile/avatar', cookie, [{ field: 'avatar', body: big, name: 'big.png' }]);
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(PROFILE_MESSAGES.avatarTooLarge);
    expect(await app.test.app.zerri.storage.list('avatars')).toEqual(before);
  });

  it('refuses a file that is not a picture by its content, whatever its name (415)', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const response = await postMultipart(app.base, '/api/profile/avatar', cookie, [
      { field: 'avatar', body: new Blob(['<svg onload="alert(1)"></svg>'], { type: 'image/png' }), name: 'face.png' },
    ]);
    expect(response.status).toBe(415);
    expect(response.body.error.message).toBe(PROFILE_MESSAGES.avatarNotImage);
  });

  it('needs a signed-in user and a file', async () => {
    const png = new Blob([await pngImage()]);
    expect((await postMultipart(app.base, '/api/profile/avatar', undefined, [{ field: 'avatar', body: png, name: 'a.png' }])).status).toBe(401);
    const { cookie } = await createSignedInUser(app.test);
    const none = await postMultipart(app.base, '/api/profile/avatar', cookie, [{ field: 'other', body: png, name: 'a.png' }]);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(PROFILE_MESSAGES.avatarRequired);
  });
});

describe('changing my password', () => {
  it('goes through better-auth: the new password works, the old one no longer does', async () => {
    const { cookie, email } = await createSignedInUser(app.test);
    const wrong = await request(app.test.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: 'not-my-password', newPassword: 'a-new-long-passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    const weak = await request(app.test.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: '123' },
    });
    expect(weak.statusCode).toBe(400);
    const changed = await request(app.test.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-long-passphrase', revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    await expect(logIn(app.test.app, email)).rejects.toThrow();
    await expect(logIn(app.test.app, email, 'a-new-long-passphrase')).resolves.toBeTruthy();
  });
});

describe('deleting my account', () => {
  it('needs my password and changes nothing without it', async () => {
    const { cookie, id } = await createSignedInUser(app.test);
    const response = await request(app.test.app, { method: 'DELETE', url: '/api/profile', cookie, payload: { password: 'wrong' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PROFILE_MESSAGES.passwordWrong);
    expect(await row('SELECT id FROM users WHERE id = $1', [id])).toBeTruthy();
  });

  it('removes the account, storefront, products and their files; sales stay for the buyers', async () => {
    const { cookie, id } = await createSignedInUser(app.test, { role: 'creator' });
    const slug = (await getProfile(cookie)).json().profile.storefrontSlug;
    const product = await createProduct(app.test, id, { name: 'Gone Guide' });
    const saleId = await createSale(app.test, { id: product.id, name: 'Gone Guide', creatorId: id });
    const avatar = await postMultipart(app.base, '/api/profile/avatar', cookie, [{ field: 'avatar', body: new Blob([await pngImage()]), name: 'me.png' }]);
    const avatarKey = avatar.body.profile.avatarUrl.replace('/media/avatars/', '');

    const response = await request(app.test.app, { method: 'DELETE', url: '/api/profile', cookie, payload: { password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(204);

    expect(await row('SELECT id FROM users WHERE id = $1', [id])).toBeUndefined();
    expect(await row('SELECT id FROM products WHERE id = $1', [product.id])).toBeUndefined();
    expect(await row('SELECT product_id, creator_id, product_name, amount_cents FROM sales WHERE id = $1', [saleId])).toEqual({
      product_id: null,
      creator_id: null,
      product_name: 'Gone Guide',
      amount_cents: 1500,
    });
    const { storage } = app.test.app.zerri;
    expect(await storage.list('product-files')).not.toContain(product.fileKey);
    expect(await storage.list('product-images')).not.toContain(product.coverKey);
    expect(await storage.list('avatars')).not.toContain(avatarKey);
    expect((await request(app.test.app, { method: 'GET', url: `/api/store/creators/${slug}` })).statusCode).toBe(404);
    // The session went with the account.
    expect((await request(app.test.app, { method: 'GET', url: '/api/me', cookie })).json().user).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '#shared/admin.ts';
import { SITE_CONTENT_DEFAULTS, SITE_CONTENT_MESSAGES, type SiteContent } from '#shared/site.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

// Admin › Settings › Public site (issue #42): what the public site says, decided by an admin.

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let test: TestApp;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  test = await createTestApp({ CONTACT_EMAIL_SUPPORT: 'help@operator.example' });
  admin = await createSignedInUser(test, { role: 'admin' });
});
afterAll(() => test.close());

const content = (overrides: Partial<SiteContent> = {}): SiteContent => ({ ...structuredClone(SITE_CONTENT_DEFAULTS), ...overrides });
const put = (body: unknown, cookie = admin.cookie) => request(test.app, { method: 'PUT', url: '/api/admin/site-content', cookie, payload: body as object });
const publicSite = async () => (await request(test.app, { method: 'GET', url: '/api/site' })).json();

describe('who may read and change the public site’s content', () => {
  it.each(['GET', 'PUT'] as const)('%s answers 401 to a guest, with or without a bot’s user agent', async (method) => {
    for (const headers of [{}, { 'user-agent': BOT }]) {
      const response = await request(test.app, { method, url: '/api/admin/site-content', headers, ...(method === 'PUT' ? { payload: content() } : {}) });
      expect(response.statusCode).toBe(401);
    }
  });

  it.each(['creator', 'user', 'company'])('answers 403 to a %s, reading or writing, and changes nothing', async (role) => {
    const { cookie } = await createSignedInUser(test, { role });
    const read = await request(test.app, { method: 'GET', url: '/api/admin/site-content', cookie });
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe(ADMIN_ONLY);
    const head = await request(test.app, { method: 'HEAD', url: '/api/admin/site-content', cookie });
    expect(head.statusCode).toBe(403);
    const write = await put(content({ constructionNotice: { shown: false, text: null } }), cookie);
    expect(write.statusCode).toBe(403);
    expect((await publicSite()).content.constructionNotice.shown).toBe(true);
  });
});

describe('a new install', () => {
  it('says what the spec says: both notices on, the spec’s testimonials, the counter always, no invented social link, the server’s addresses', async () => {
    const fresh = await createTestApp();
    try {
      const site = (await request(fresh.app, { method: 'GET', url: '/api/site' })).json();
      const { contacts: _contacts, ...publicDefaults } = SITE_CONTENT_DEFAULTS;
      expect(site.content).toEqual(publicDefaults);
      expect(site.content).toEqual({
        constructionNotice: { shown: true, text: null },
        premiumNotice: { shown: true },
        testimonials: { shown: true, items: null },
        userCounter: { minUsers: 0 },
        socialLinks: { facebook: null, x: null, linkedin: null, instagram: null },
      });
      expect(site.contacts).toEqual({
        general: fresh.app.zerri.config.CONTACT_EMAIL_GENERAL,
        support: fresh.app.zerri.config.CONTACT_EMAIL_SUPPORT,
        partnerships: fresh.app.zerri.config.CONTACT_EMAIL_PARTNERSHIPS,
        careers: fresh.app.zerri.config.CONTACT_EMAIL_CAREERS,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('an admin changes the public site', () => {
  it('turns the notice off, writes testimonials, links and an address; every visitor reads it at once, and the change is in the audit log', async () => {
    const before = (await request(test.app, { method: 'GET', url: '/api/admin/site-content', cookie: admin.cookie })).json();
    expect(before.serverContacts.support).toBe('help@operator.example');
    const next = content({
      constructionNotice: { shown: false, text: 'We are live.' },
      premiumNotice: { shown: false },
      testimonials: { shown: true, items: [{ name: 'Real Customer', role: 'Illustrator', quote: 'It paid my rent.', rating: 4 }] },
      userCounter: { minUsers: 100 },
      socialLinks: { facebook: 'https://www.facebook.com/zerri.app', x: null, linkedin: 'https://www.linkedin.com/company/zerri', instagram: null },
      contacts: { general: null, support: 'care@operator.example', partnerships: null, careers: null },
    });
    const saved = await put(next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ content: next, serverContacts: before.serverContacts });

    // A guest and a bot read the same answer.
    for (const headers of [{}, { 'user-agent': BOT }]) {
      const site = (await request(test.app, { method: 'GET', url: '/api/site', headers })).json();
      const { contacts: _contacts, ...shown } = next;
      expect(site.content).toEqual(shown);
      expect(site.contacts).toMatchObject({ support: 'care@operator.example', general: test.app.zerri.config.CONTACT_EMAIL_GENERAL });
    }

    const { rows } = await test.database.pool.query(`SELECT actor_email, target_type, target_id, details FROM audit_log WHERE action = 'site.changed' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]).toMatchObject({ actor_email: admin.email, target_type: 'settings', target_id: 'site' });
    expect(rows[0].details.after).toEqual(next);
    expect(rows[0].details.before.constructionNotice).toEqual({ shown: true, text: null });

    // Back to the defaults: the spec's texts again.
    expect((await put(content())).statusCode).toBe(200);
    expect((await publicSite()).content.testimonials).toEqual({ shown: true, items: null });
  });

  it('refuses a social link that is not an http(s) address or is only the network’s home page', async () => {
    const cases: [string, string][] = [
      ['https://facebook.com', SITE_CONTENT_MESSAGES.socialUrlHomePage],
      ['https://www.instagram.com/', SITE_CONTENT_MESSAGES.socialUrlHomePage],
      ['javascript:alert(1)', SITE_CONTENT_MESSAGES.socialUrlInvalid],
      ['ftp://example.com/me', SITE_CONTENT_MESSAGES.socialUrlInvalid],
      ['facebook.com/zerri', SITE_CONTENT_MESSAGES.socialUrlInvalid],
      ['https://user:secret@x.com/zerri', SITE_CONTENT_MESSAGES.socialUrlInvalid],
    ];
    for (const [url, message] of cases) {
      const response = await put(content({ socialLinks: { ...SITE_CONTENT_DEFAULTS.socialLinks, facebook: url } }));
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain(message);
    }
    expect((await publicSite()).content.socialLinks.facebook).toBeNull();
  });

  it('refuses a testimonial without a name or a quote, a rating outside 1–5, and a bad address', async () => {
    const item = { name: 'Someone', role: '', quote: 'Good.', rating: 5 };
    const cases: [unknown, string][] = [
      [{ ...item, name: '  ' }, SITE_CONTENT_MESSAGES.testimonialNameRequired],
      [{ ...item, quote: '' }, SITE_CONTENT_MESSAGES.testimonialQuoteRequired],
      [{ ...item, rating: 0 }, SITE_CONTENT_MESSAGES.testimonialRating],
      [{ ...item, rating: 6 }, SITE_CONTENT_MESSAGES.testimonialRating],
    ];
    for (const [testimonial, message] of cases) {
      const response = await put(content({ testimonials: { shown: true, items: [testimonial as typeof item] } }));
      expect(response.statusCode, message).toBe(400);
      expect(response.body).toContain(message);
    }
    const badAddress = await put(content({ contacts: { ...SITE_CONTENT_DEFAULTS.contacts, support: 'not an address' } }));
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.body).toContain(SITE_CONTENT_MESSAGES.contactEmailInvalid);
    expect((await publicSite()).content.testimonials.items).toBeNull();
  });
});

describe('the public answer', () => {
  it('answers HEAD, and 304 to a browser that already has it, until an admin changes it', async () => {
    const head = await request(test.app, { method: 'HEAD', url: '/api/site' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const first = await request(test.app, { method: 'GET', url: '/api/site' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await request(test.app, { method: 'GET', url: '/api/site', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await put(content({ premiumNotice: { shown: false } }))).statusCode).toBe(200);
    const changed = await request(test.app, { method: 'GET', url: '/api/site', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().content.premiumNotice).toEqual({ shown: false });
    await put(content());
  });

  it('falls back to the defaults for a stored section an older version wrote differently', async () => {
    await test.database.pool.query(`UPDATE platform_settings SET site_content = $1`, [JSON.stringify({ premiumNotice: { shown: false }, testimonials: { shown: 'yes' } })]);
    const site = await publicSite();
    expect(site.content.premiumNotice).toEqual({ shown: false });
    expect(site.content.testimonials).toEqual(SITE_CONTENT_DEFAULTS.testimonials);
    await put(content());
  });
});

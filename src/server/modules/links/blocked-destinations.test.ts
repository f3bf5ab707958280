import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '#shared/links.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

// The admins' blocklist holds for every address a visitor is sent to (short links, a creator page's
// links, socials and videos, a profile's socials and portfolio, a job's apply link), when it is saved and when
// it is followed or shown.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOT = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

let test: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  test = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000' });
  admin = await createSignedInUser(test, { role: 'admin' });
});
afterAll(() => test.close());

const block = async (domain: string) => {
  const response = await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain } });
  expect(response.statusCode).toBe(201);
};
async function creator() {
  const user = await createSignedInUser(test, { role: 'creator' });
  const { rows } = await test.database.pool.query<{ slug: string }>(`SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1`, [user.id]);
  return { ...user, slug: rows[0]!.slug };
}
const savePage = (cookie: string, blocks: object[]) => request(test.app, { method: 'PUT', url: '/api/creator-page', cookie, payload: { theme: 'midnight', accent: '#7c3aed', blocks } });
const go = (slug: string, path: string, init: { method?: 'GET' | 'HEAD'; userAgent?: string } = {}) =>
  request(test.app, { method: init.method ?? 'GET', url: `/@${slug}/go/${path}`, headers: { 'user-agent': init.userAgent ?? BROWSER } });
const refusedAsBlocked = (response: { statusCode: number; json: () => { error: unknown } }, domain: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({ code: 'domain_blocked', message: LINK_MESSAGES.domainBlocked(domain), params: { domain } });
};
const pageRow = async (userId: string) => (await test.database.pool.query('SELECT blocks FROM creator_pages WHERE user_id = $1', [userId])).rows[0] as { blocks: unknown } | undefined;

describe('a blocked domain on a creator page', () => {
  it('refuses a social, a link or a video to a blocked domain when the page is saved, and saves nothing', async () => {
    await block('blocked-social.example');
    await block('youtu.be');
    const owner = await creator();
    const refusals = [
      [{ id: 's1', type: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/ok' }, { network: 'website', url: 'https://www.blocked-social.example/me' }] }],
      [{ id: 'l1', type: 'link', title: 'Mine', url: 'https://shop.blocked-social.example/x' }],
      [{ id: 'v1', type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' }],
    ];
    for (const blocks of refusals) refusedAsBlocked(await savePage(owner.cookie, blocks), blocks[0]!.type === 'video' ? 'youtu.be' : 'blocked-social.example');
    expect(await pageRow(owner.id)).toBeUndefined();
    expect((await test.database.pool.query('SELECT 1 FROM short_links WHERE user_id = $1', [owner.id])).rowCount).toBe(0);
  });

  it('stops following a social or a link whose domain is blocked after it was saved, for people, bots and HEAD, as a short link does', async () => {
    const owner = await creator();
    const saved = await savePage(owner.cookie, [
      { id: 'social', type: 'social', links: [{ network: 'github', url: 'https://github.com/fine' }, { network: 'website', url: 'https://later-blocked.example/me' }] },
      { id: 'link', type: 'link', title: 'Shop', url: 'https://www.later-blocked.example/shop' },
    ]);
    expect(saved.statusCode).toBe(200);
    const code = (saved.json() as { blocks: { code?: string }[] }).blocks[1]!.code!;
    expect((await go(owner.slug, 'social?i=1')).headers.location).toBe('https://later-blocked.example/me');

    await block('later-blocked.example');
    const shortLink = await request(test.app, { method: 'GET', url: `/z/${code}`, headers: { 'user-agent': BROWSER } });
    expect(shortLink.statusCode).toBe(404);
    for (const init of [{}, { userAgent: BOT }, { method: 'HEAD' as const }]) {
      for (const path of ['social?i=1', 'link']) {
        const refused = await go(owner.slug, path, init);
        expect(refused.statusCode, path).toBe(shortLink.statusCode);
        expect(refused.headers.location, path).toBeUndefined();
        if (init.method !== 'HEAD') expect(refused.json().error.code).toBe(shortLink.json().error.code);
      }
    }
    // The other social still goes where it goes; the refused ones counted no click.
    expect((await go(owner.slug, 'social?i=0')).headers.location).toBe('https://github.com/fine');
    const stats = (await request(test.app, { method: 'GET', url: '/api/creator-page/stats', cookie: owner.cookie })).json() as { clicks: { blockId: string; clicks: number }[] };
    expect(stats.clicks.find((row) => row.blockId === 'social')?.clicks).toBe(2);
    expect(stats.clicks.find((row) => row.blockId === 'link')).toBeUndefined();
    // Saving the page again with the blocked addresses is refused.
    refusedAsBlocked(await savePage(owner.cookie, (saved.json() as { blocks: object[] }).blocks), 'later-blocked.example');
  });
});

describe('a blocked domain on a profile', () => {
  it('refuses a social link or a portfolio link to a blocked domain, and changes nothing', async () => {
    await block('blocked-profile.example');
    const user = await createSignedInUser(test, { role: 'creator' });
    const patch = (payload: object) => request(test.app, { method: 'PATCH', url: '/api/profile', cookie: user.cookie, payload });
    refusedAsBlocked(await patch({ socialLinks: { twitter: '', linkedin: '', github: '', website: 'https://me.blocked-profile.example' } }), 'blocked-profile.example');
    refusedAsBlocked(await patch({ name: 'Changed', portfolio: [{ id: 'p1', title: 'Work', link: 'https://blocked-profile.example/work' }] }), 'blocked-profile.example');
    const { profile } = (await request(test.app, { method: 'GET', url: '/api/profile', cookie: user.cookie })).json() as { profile: { name: string; socialLinks: { website: string }; portfolio: unknown[] } };
    expect(profile.socialLinks.website).toBe('');
    expect(profile.portfolio).toEqual([]);
    expect(profile.name).not.toBe('Changed');
    expect((await patch({ socialLinks: { twitter: '', linkedin: '', github: '', website: 'https://me.allowed.example' } })).statusCode).toBe(200);
  });

  it('stops showing a social or portfolio link whose domain is blocked after it was saved, on the storefront and the product page', async () => {
    const owner = await creator();
    const saved = await request(test.app, {
      method: 'PATCH',
      url: '/api/profile',
      cookie: owner.cookie,
      payload: {
        isPublic: true,
        socialLinks: { twitter: 'https://x.com/fine', linkedin: '', github: '', website: 'https://shown-then-blocked.example/me' },
        portfolio: [
          { id: 'p1', title: 'Kept', link: 'https://github.com/kept' },
          { id: 'p2', title: 'Gone', link: 'https://www.shown-then-blocked.example/work' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const product = await createProduct(test, owner.id);
    const storefront = async () => (await request(test.app, { method: 'GET', url: `/api/store/creators/${owner.slug}` })).json().creator as { socialLinks: Record<string, string>; portfolio: { id: string }[] };
    const productPage = async () => (await request(test.app, { method: 'GET', url: `/api/products/${product.id}` })).json().product as { creator: { socialLinks: Record<string, string> } };
    expect((await storefront()).socialLinks.website).toBe('https://shown-then-blocked.example/me');
    expect((await productPage()).creator.socialLinks.website).toBe('https://shown-then-blocked.example/me');

    await block('shown-then-blocked.example');
    const after = await storefront();
    expect(after.socialLinks).toMatchObject({ twitter: 'https://x.com/fine', website: '' });
    expect(after.portfolio.map((item) => item.id)).toEqual(['p1']);
    expect((await productPage()).creator.socialLinks).toMatchObject({ twitter: 'https://x.com/fine', website: '' });
  });
});

describe('a blocked domain as a job’s apply link', () => {
  it('refuses it when the job is posted or edited, and stops showing one blocked after it was saved', async () => {
    await block('blocked-jobs.example');
    const company = await createSignedInUser(test, { role: 'company', name: 'Northwind' });
    const job = (applyUrl: string) => ({ title: 'Designer', companyName: 'Northwind', location: 'Remote', description: 'Design things.', applyUrl });
    const post = (payload: object) => request(test.app, { method: 'POST', url: '/api/jobs', cookie: company.cookie, payload });
    refusedAsBlocked(await post(job('https://careers.blocked-jobs.example/apply')), 'blocked-jobs.example');

    const posted = await post(job('https://apply-then-blocked.example/apply'));
    expect(posted.statusCode).toBe(201);
    const id = (posted.json() as { job: { id: string } }).job.id;
    const shown = async () => ({
      one: ((await request(test.app, { method: 'GET', url: `/api/jobs/${id}` })).json() as { job: { applyUrl: string | null } }).job.applyUrl,
      listed: ((await request(test.app, { method: 'GET', url: '/api/jobs?keyword=Designer&pageSize=50' })).json() as { items: { id: string; applyUrl: string | null }[] }).items.find((item) => item.id === id)?.applyUrl,
      own: ((await request(test.app, { method: 'GET', url: '/api/my/jobs', cookie: company.cookie })).json() as { items: { id: string; applyUrl: string | null }[] }).items.find((item) => item.id === id)?.applyUrl,
    });
    expect(await shown()).toEqual({ one: 'https://apply-then-blocked.example/apply', listed: 'https://apply-then-blocked.example/apply', own: 'https://apply-then-blocked.example/apply' });

    await block('apply-then-blocked.example');
    expect(await shown()).toEqual({ one: null, listed: null, own: null });
    refusedAsBlocked(await request(test.app, { method: 'PUT', url: `/api/jobs/${id}`, cookie: company.cookie, payload: job('https://www.apply-then-blocked.example/x') }), 'apply-then-blocked.example');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_IMPORT_ROWS_MAX, LINK_MESSAGES } from '#shared/links.ts';
import type { LinkImportReport, LinkReportsPage } from '#shared/links-api.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

// Bulk import, link previews and visitors' reports of links (the ZerriLink issue).

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PREVIEW_BOT = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
const SLACK_BOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({ LINK_RATE_LIMIT_MAX: '1000', LINK_REPORT_RATE_LIMIT_MAX: '3' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

/** Uploads a CSV over real HTTP as the web's Import dialog does (a cookie) or as a script does (an API key). */
async function importCsv(csv: string, auth: { cookie?: string; key?: string }) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'links.csv');
  const headers: Record<string, string> = auth.key ? { authorization: `Bearer ${auth.key}` } : { origin: TEST_ORIGIN, ...(auth.cookie ? { cookie: auth.cookie } : {}) };
  const response = await fetch(`${base}/api/links/import`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as LinkImportReport & { error?: { code: string; message: string } } };
}
const visit = (code: string, userAgent: string) => fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
const shorten = async (cookie: string, payload: Record<string, unknown>) => {
  const response = await request(test.app, { method: 'POST', url: '/api/links', cookie, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { code: string };
};
const linkCount = async (userId: string) =>
  Number((await test.database.pool.query('SELECT count(*) FROM short_links WHERE user_id = $1', [userId])).rows[0].count);
const tagsOf = async (code: string) =>
  (
    await test.database.pool.query(
      'SELECT t.name FROM short_link_tags st JOIN link_tags t ON t.id = st.tag_id JOIN short_links l ON l.id = st.link_id WHERE l.short_code = $1 ORDER BY lower(t.name)',
      [code],
    )
  ).rows.map((row: { name: string }) => row.name);

describe('bulk import', () => {
  it('creates the good rows with their tags and refuses each bad row with its reason', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    expect((await request(test.app, { method: 'POST', url: '/api/admin/blocked-domains', cookie: admin.cookie, payload: { domain: 'blocked.example' } })).statusCode).toBe(201);
    const owner = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    await shorten(other.cookie, { url: 'https://example.com/theirs', code: 'imp-taken' });
    const tooManyTags = Array.from({ length: 11 }, (_, index) => `t${index}`).join(';');
    const csv = [
      'url,code,tags',
      'https://example.com/one,imp-one,news;Launch',
      'https://example.com/random,,',
      'ftp://example.com/file,,',
      'not a url,,',
      'https://www.blocked.example/x,,',
      'https://example.com/taken,imp-taken,',
      'https://example.com/bad-code,bad code!,',
      'https://example.com/reserved,admin,',
      `${TEST_ORIGIN}/z/abcdef,,`,
      'https://example.com/repeat-1,imp-twice,',
      'https://example.com/repeat-2,imp-twice,',
      `https://example.com/tags,,${tooManyTags}`,
      '"https://example.com/quoted,with,commas",imp-quoted,"news; extra "',
      '',
    ].join('\r\n');
    const { status, body } = await importCsv(csv, { cookie: owner.cookie });
    expect(status).toBe(200);
    expect(body.rows.map((row) => [row.line, row.status, row.error?.code ?? null])).toEqual([
      [2, 'created', null],
      [3, 'created', null],
      [4, 'refused', 'url_scheme'],
      [5, 'refused', 'url_scheme'],
      [6, 'refused', 'domain_blocked'],
      [7, 'refused', 'code_taken'],
      [8, 'refused', 'code_characters'],
      [9, 'refused', 'code_reserved'],
      [10, 'refused', 'link_loop'],
      [11, 'created', null],
      [12, 'refused', 'import_code_repeated'],
      [13, 'refused', 'tags_too_many'],
      [14, 'created', null],
    ]);
    expect(body).toMatchObject({ created: 4, refused: 9 });
    expect(body.rows[0]).toMatchObject({ code: 'imp-one', shortUrl: `${TEST_ORIGIN}/z/imp-one`, url: 'https://example.com/one' });
    expect(body.rows[1]!.code).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(body.rows[4]!.error).toMatchObject({ message: LINK_MESSAGES.domainBlocked('blocked.example'), params: { domain: 'blocked.example' } });
    expect(body.rows[10]!.error).toMatchObject({ message: LINK_MESSAGES.importCodeRepeated('imp-twice'), params: { code: 'imp-twice' } });
    // Nothing half-made: exactly the created rows exist, each with its tags; refused rows left nothing.
    expect(await linkCount(owner.id)).toBe(4);
    expect(await tagsOf('imp-one')).toEqual(['Launch', 'news']);
    expect(await tagsOf('imp-quoted')).toEqual(['extra', 'news']);
    const tagNames = (await test.database.pool.query('SELECT name FROM link_tags WHERE user_id = $1 ORDER BY lower(name)', [owner.id])).rows.map((row) => row.name);
    expect(tagNames).toEqual(['extra', 'Launch', 'news']);
    // The imported link redirects like any other.
    expect((await visit('imp-one', BROWSER)).headers.get('location')).toBe('https://example.com/one');
  });

  it('reads a Bitly export: long URL, the Bitlink path as the code, comma-separated tags', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const csv = [
      'Bitlink,Long URL,Title,Tags,Created',
      'bit.ly/3bitOne,https://example.com/bitly-one,"My page, with a comma","promo, spring",2024-02-01 10:00:00',
      'https://bit.ly/3bitTwo,https://example.com/bitly-two,Second,,2024-02-02 10:00:00',
      ',https://example.com/bitly-random,No bitlink,,2024-02-03',
    ].join('\n');
    const { status, body } = await importCsv(csv, { cookie: owner.cookie });
    expect(status).toBe(200);
    expect(body.rows.map((row) => [row.status, row.code?.startsWith('3bit') ? row.code : 'random'])).toEqual([
      ['created', '3bitOne'],
      ['created', '3bitTwo'],
      ['created', 'random'],
    ]);
    expect(await tagsOf('3bitOne')).toEqual(['promo', 'spring']);
    expect((await visit('3bitTwo', BROWSER)).headers.get('location')).toBe('https://example.com/bitly-two');

    const lowerCase = await importCsv('link,long_url,title\nbit.ly/3bitLow,https://example.com/low,x\n', { cookie: owner.cookie });
    expect(lowerCase.body.rows[0]).toMatchObject({ status: 'created', code: '3bitLow' });
  });

  it('refuses a whole file over the row limit, without a url column or not CSV, making nothing', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const rows = Array.from({ length: LINK_IMPORT_ROWS_MAX + 1 }, (_, index) => `https://example.com/${index}`);
    const tooMany = await importCsv(['url', ...rows].join('\n'), { cookie: owner.cookie });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ code: 'import_too_many_rows', message: LINK_MESSAGES.importTooManyRows });
    expect(await linkCount(owner.id)).toBe(0);

    const noUrl = await importCsv('address,code\nhttps://example.com,abc\n', { cookie: owner.cookie });
    expect(noUrl.body.error).toMatchObject({ code: 'import_no_url_column' });
    const unclosed = await importCsv('url\n"https://example.com/never-closed\n', { cookie: owner.cookie });
    expect(unclosed.body.error).toMatchObject({ code: 'import_invalid_csv' });
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await fetch(`${base}/api/links/import`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: owner.cookie }, body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: { code: string } }).error.code).toBe('import_no_file');
    expect(await linkCount(owner.id)).toBe(0);

    // Exactly the limit is fine (and is written in batches).
    const atLimit = await importCsv(['url', ...rows.slice(0, LINK_IMPORT_ROWS_MAX)].join('\n'), { cookie: owner.cookie });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body).toMatchObject({ created: LINK_IMPORT_ROWS_MAX, refused: 0 });
    expect(new Set(atLimit.body.rows.map((row) => row.code)).size).toBe(LINK_IMPORT_ROWS_MAX);
    expect(await linkCount(owner.id)).toBe(LINK_IMPORT_ROWS_MAX);
  });

  it('works with an API key and needs an account', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    // API keys come with the business plan.
    await test.database.pool.query(`UPDATE users SET plan = 'business' WHERE id = $1`, [owner.id]);
    const created = await request(test.app, { method: 'POST', url: '/api/api-keys', cookie: owner.cookie, payload: { name: 'import script' } });
    expect(created.statusCode).toBe(201);
    const { key } = created.json() as { key: string };
    const withKey = await importCsv('url,code\nhttps://example.com/by-key,imp-by-key\n', { key });
    expect(withKey.status).toBe(200);
    expect(withKey.body.rows[0]).toMatchObject({ status: 'created', code: 'imp-by-key' });
    const owned = await test.database.pool.query('SELECT user_id FROM short_links WHERE short_code = $1', ['imp-by-key']);
    expect(owned.rows[0].user_id).toBe(owner.id);

    const signedOut = await importCsv('url\nhttps://example.com/anonymous\n', {});
    expect(signedOut.status).toBe(401);
    expect((await test.database.pool.query(`SELECT 1 FROM short_links WHERE original_url = 'https://example.com/anonymous'`)).rowCount).toBe(0);
  });
});

describe('link previews', () => {
  it('shows link-preview bots the owner’s Open Graph tags, escaped; people are redirected', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const { code } = await shorten(owner.cookie, {
      url: 'https://example.com/article',
      previewTitle: '  Big <news> & "quotes"  ',
      previewDescription: "It's </title><script>alert(1)</script>",
      previewImageUrl: 'https://images.example/cover.png?a=1&b=2',
    });
    // People: the redirect, twice (the second from the cache's fast path).
    for (let i = 0; i < 2; i++) {
      const person = await visit(code, BROWSER);
      expect(person.status).toBe(302);
      expect(person.headers.get('location')).toBe('https://example.com/article');
    }
    for (const bot of [PREVIEW_BOT, SLACK_BOT]) {
      const page = await visit(code, bot);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<meta property="og:title" content="Big &lt;news&gt; &amp; &quot;quotes&quot;">');
      expect(html).toContain('<meta property="og:description" content="It&#39;s &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
      expect(html).toContain('<meta property="og:image" content="https://images.example/cover.png?a=1&amp;b=2">');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/z/${code}">`);
      expect(html).not.toContain('<script>');
      expect(html).toContain('https://example.com/article');
    }
    // Bots are not counted; the two people are.
    await test.app.zerri.buffers.flushAll();
    const clicks = await test.database.pool.query('SELECT clicks::int FROM short_links WHERE short_code = $1', [code]);
    expect(clicks.rows[0].clicks).toBe(2);
  });

  it('leaves a link without a preview a plain redirect for bots too, and checks the fields', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/plain' });
    const bot = await visit(code, PREVIEW_BOT);
    expect(bot.status).toBe(302);

    const edited = await request(test.app, { method: 'PATCH', url: `/api/links/${code}`, cookie: owner.cookie, payload: { previewTitle: 'Now with a preview' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ previewTitle: 'Now with a preview', previewDescription: null, previewImageUrl: null });
    const html = await (await visit(code, PREVIEW_BOT)).text();
    expect(html).toContain('<meta property="og:title" content="Now with a preview">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect((await visit(code, BROWSER)).status).toBe(302);

    const cleared = await request(test.app, { method: 'PATCH', url: `/api/links/${code}`, cookie: owner.cookie, payload: { previewTitle: '' } });
    expect(cleared.json()).toMatchObject({ previewTitle: null });
    expect((await visit(code, PREVIEW_BOT)).status).toBe(302);

    const refusals: [Record<string, unknown>, string][] = [
      [{ previewImageUrl: 'http://images.example/x.png' }, 'preview_image_invalid'],
      [{ previewImageUrl: 'javascript:alert(1)' }, 'preview_image_invalid'],
      [{ previewTitle: 'x'.repeat(201) }, 'preview_title_length'],
      [{ previewDescription: 'x'.repeat(501) }, 'preview_description_length'],
    ];
    for (const [payload, errorCode] of refusals) {
      const refused = await request(test.app, { method: 'PATCH', url: `/api/links/${code}`, cookie: owner.cookie, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe(errorCode);
    }
  });

  it('never tells a bot where a password link goes', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/secret-place', password: 'open sesame', previewTitle: 'Members only' });
    const html = await (await visit(code, PREVIEW_BOT)).text();
    expect(html).toContain('<meta property="og:title" content="Members only">');
    expect(html).not.toContain('secret-place');
  });
});

describe('reports of links', () => {
  const report = (code: string, payload: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
    request(test.app, { method: 'POST', url: `/api/links/${code}/report`, payload, remoteAddress });
  const listReports = (cookie: string | undefined, query = '') => request(test.app, { method: 'GET', url: `/api/admin/link-reports${query}`, cookie });
  const decide = (cookie: string | undefined, id: number, action: string) => request(test.app, { method: 'POST', url: `/api/admin/link-reports/${id}/${action}`, cookie });

  it('takes a visitor’s report without an account, checks it and limits it by address', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const { code } = await shorten(owner.cookie, { url: 'https://example.com/reported' });
    expect((await report(code, { reason: 'phishing', details: '  Asks for my bank password.  ' }, '10.9.1.1')).statusCode).toBe(201);
    const badReason = await report(code, { reason: 'boring' }, '10.9.1.2');
    expect(badReason.json().error).toMatchObject({ code: 'report_reason_invalid', message: LINK_MESSAGES.reportReasonInvalid });
    expect((await report(code, { reason: 'spam', details: 'x'.repeat(1001) }, '10.9.1.2')).json().error.code).toBe('report_details_too_long');
    expect((await report('no-such-link-here', { reason: 'spam' }, '10.9.1.2')).statusCode).toBe(404);
    const stored = await test.database.pool.query('SELECT reason, details, status FROM link_reports WHERE code = $1', [code]);
    expect(stored.rows).toEqual([{ reason: 'phishing', details: 'Asks for my bank password.', status: 'open' }]);

    for (let i = 0; i < 3; i++) expect((await report(code, { reason: 'spam' }, '10.9.2.2')).statusCode).toBe(201);
    const limited = await report(code, { reason: 'spam' }, '10.9.2.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('report_too_many');
  });

  it('queues reports for admins only; dismiss, disable the link, block the domain', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    const user = await createSignedInUser(test);
    const first = await shorten(creator.cookie, { url: 'https://example.com/fine' });
    const second = await shorten(creator.cookie, { url: 'https://scam.example/login' });
    const third = await shorten(creator.cookie, { url: 'https://www.malware.example/get' });
    for (const [code, reason, address] of [
      [first.code, 'spam', '10.9.3.1'],
      [second.code, 'phishing', '10.9.3.2'],
      [second.code, 'phishing', '10.9.3.3'],
      [third.code, 'malware', '10.9.3.4'],
    ] as const) {
      expect((await report(code, { reason }, address)).statusCode).toBe(201);
    }

    // Wrong roles: signed out 401, a creator and a user 403, for the list and every action.
    expect((await listReports(undefined)).statusCode).toBe(401);
    expect((await listReports(creator.cookie)).statusCode).toBe(403);
    expect((await listReports(user.cookie)).statusCode).toBe(403);
    const open = (await listReports(admin.cookie, '?status=open&pageSize=100')).json() as LinkReportsPage;
    const idOf = (code: string) => open.items.find((item) => item.code === code)!.id;
    for (const action of ['dismiss', 'disable-link', 'block-domain']) {
      expect((await decide(undefined, idOf(first.code), action)).statusCode).toBe(401);
      expect((await decide(creator.cookie, idOf(first.code), action)).statusCode).toBe(403);
      expect((await decide(user.cookie, idOf(first.code), action)).statusCode).toBe(403);
    }
    expect((await decide(admin.cookie, 2_000_000_000, 'dismiss')).json().error.code).toBe('report_not_found');
    const reported = open.items.find((item) => item.code === second.code)!;
    expect(reported).toMatchObject({ reason: 'phishing', status: 'open', link: { url: 'https://scam.example/login', host: 'scam.example', ownerEmail: creator.email, banned: false } });

    const dismissed = await decide(admin.cookie, idOf(first.code), 'dismiss');
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    expect((await visit(first.code, BROWSER)).status).toBe(302);

    // Disabling closes both reports of the link, and the link stops redirecting at once (it was cached).
    expect((await visit(second.code, BROWSER)).status).toBe(302);
    const disabled = await decide(admin.cookie, idOf(second.code), 'disable-link');
    expect(disabled.json()).toMatchObject({ status: 'link_disabled', link: { banned: true } });
    expect((await visit(second.code, BROWSER)).status).toBe(404);
    const statuses = await test.database.pool.query('SELECT status FROM link_reports WHERE code = $1', [second.code]);
    expect(statuses.rows.map((row) => row.status)).toEqual(['link_disabled', 'link_disabled']);

    const blocked = await decide(admin.cookie, idOf(third.code), 'block-domain');
    expect(blocked.json()).toMatchObject({ status: 'domain_blocked', link: { domainBlocked: true } });
    const domains = (await request(test.app, { method: 'GET', url: '/api/admin/blocked-domains', cookie: admin.cookie })).json() as { items: { domain: string }[] };
    expect(domains.items.map((item) => item.domain)).toContain('malware.example');
    expect((await visit(third.code, BROWSER)).status).toBe(404);

    const audit = await test.database.pool.query(`SELECT action FROM audit_log WHERE actor_id = $1 ORDER BY created_at`, [admin.id]);
    expect(audit.rows.map((row) => row.action)).toEqual(['link_report.dismissed', 'link.banned', 'domain.blocked']);
    const stillOpen = (await listReports(admin.cookie, '?status=open&pageSize=100')).json() as LinkReportsPage;
    expect(stillOpen.items.filter((item) => [first.code, second.code, third.code].includes(item.code))).toEqual([]);
  });
});

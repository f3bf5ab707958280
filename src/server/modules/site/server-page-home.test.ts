import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { fakeWebFolder } from '../../test/web-folder.ts';

let test: TestApp;
let webFolder: string;
beforeAll(async () => {
  webFolder = fakeWebFolder();
  test = await createTestApp({}, { webFolder });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(webFolder, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const home = (headers: Record<string, string> = {}, cookie?: string) =>
  request(test.app, { method: 'GET', url: '/', headers: { 'user-agent': BROWSER, ...headers }, cookie });
const setContent = (content: object) =>
  test.database.pool.query(`INSERT INTO platform_settings (id, site_content) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET site_content = $1`, [JSON.stringify(content)]);

/** The JSON the page carries for the app (`#server-queries`), parsed. */
function queriesOf(html: string): { key: unknown[]; data: unknown }[] {
  const json = /<script type="application\/json" id="server-queries">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { key: unknown[]; data: unknown }[]) : [];
}

describe('the home page written on the server', () => {
  it('gives a guest every section in order, its title and description, and no module script of the app', async () => {
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>The all-in-one creator platform · Zerri</title>');
    expect(html).toMatch(/<meta name="description" content="Sell digital products, invoice clients/);
    expect(html).toContain('<meta property="og:title" content="The all-in-one creator platform" />');
    expect(html).toContain('data-server-page');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<script src="\/takeover.js" defer data-app="\/assets\/rolldown-runtime-X.js \/assets\/first-view-X.js"><\/script>/);
    // The sections of home-page.tsx, in its order.
    const sections = ['hero-title', 'user-counter-title', 'id="shortener"', 'id="features"', 'id="pricing"', 'id="testimonials"', 'id="newsletter"', 'closing-cta-title'];
    const at = sections.map((marker) => html.indexOf(marker));
    expect(at.every((index) => index > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(html).toContain('Sell, share and grow with <span class="bg-gradient-to-r');
    expect(html).toContain('A premium version is coming soon');
    expect(html.match(/aria-label="Rated \d out of 5"/g)).toEqual(['aria-label="Rated 5 out of 5"', 'aria-label="Rated 5 out of 5"', 'aria-label="Rated 4 out of 5"']);
    // Both periods' prices, the switch showing one of them; the buttons the app must handle are named.
    expect(html).toContain('>$39<');
    expect(html).toContain('>$398<');
    expect(html).toMatch(/name="billing-period" value="monthly" checked/);
    for (const name of ['get-started', 'plan-free', 'plan-pro', 'plan-business', 'shorten', 'newsletter', 'create-account']) expect(html).toContain(`data-takeover="${name}"`);
    // The app starts from the same answers.
    const queries = queriesOf(html);
    expect(queries.map((query) => query.key)).toEqual([['site'], ['site-stats']]);
    expect(queries[0]!.data).toMatchObject({ brand: 'Zerri', content: { constructionNotice: { shown: true } } });
  });

  it('counts the registered users, and says nothing while there are fewer than the operator’s threshold', async () => {
    await createSignedInUser(test, { name: 'Counted Person' });
    const { rows } = await test.database.pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM users`);
    const accounts = rows[0]!.count;
    const shown = (await home()).body;
    expect(shown).toMatch(new RegExp(`data-testid="registered-user-count"[^>]*>${accounts}<`));
    expect(queriesOf(shown)[1]!.data).toEqual({ registeredUsers: accounts });

    await setContent({ userCounter: { minUsers: accounts + 1000 } });
    try {
      const hidden = (await home()).body;
      expect(hidden).not.toContain('registered-user-count');
      expect(hidden).not.toContain('user-counter-title');
      expect(queriesOf(hidden)[1]!.data).toEqual({ registeredUsers: null });
    } finally {
      await setContent({});
    }
  });

  it('says what the operator wrote, escaped, and leaves out what they turned off', async () => {
    await setContent({
      premiumNotice: { shown: false },
      testimonials: { shown: true, items: [{ name: 'Ana </script><script>alert(1)</script>', role: 'Tester & <b>friend</b>', quote: 'Great <img src=x onerror=alert(1)>', rating: 3 }] },
    });
    try {
      const html = (await home()).body;
      expect(html).not.toContain('A premium version is coming soon');
      expect(html).toContain('Ana &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('Tester &amp; &lt;b&gt;friend&lt;/b&gt;');
      expect(html).toContain('Great &lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('aria-label="Rated 3 out of 5"');
      // In the JSON for the app too, nothing closes the script tag.
      const json = /id="server-queries">([^<]*)<\/script>/.exec(html)![1]!;
      expect(json).not.toMatch(/[<>]/);
      expect(JSON.stringify(queriesOf(html))).toContain('Ana </script><script>alert(1)</script>');

      await setContent({ testimonials: { shown: false, items: null } });
      expect((await home()).body).not.toContain('id="testimonials"');
    } finally {
      await setContent({});
    }
  });

  it('has the first-visit notice for construction-notice.js to open, the operator’s social links and no link to hidden testimonials', async () => {
    const dialog = (html: string) => /<dialog data-construction-notice[^>]*>([\s\S]*?)<\/dialog>/.exec(html)?.[1];
    const standard = (await home()).body;
    expect(dialog(standard)).toContain('We are still building');
    expect(dialog(standard)).toContain('Okay, Got It!');
    expect(standard).toContain('<script src="/construction-notice.js" async></script>');
    // No social link was set: none is invented.
    expect(standard).not.toContain('aria-label="Social media"');
    expect(standard).toContain('href="/#testimonials"');
    await setContent({
      constructionNotice: { shown: true, text: 'Opening <b>soon</b>' },
      socialLinks: { facebook: 'https://www.facebook.com/zerri.example', x: null, linkedin: null, instagram: null },
      testimonials: { shown: false, items: null },
    });
    try {
      const html = (await home()).body;
      expect(dialog(html)).toContain('Opening &lt;b&gt;soon&lt;/b&gt;');
      const social = /<ul class="flex gap-2" aria-label="Social media">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
      expect(social).toContain('href="https://www.facebook.com/zerri.example" target="_blank" rel="noopener noreferrer" aria-label="Zerri on Facebook (opens in a new tab)"');
      expect(social.match(/<li>/g)).toHaveLength(1);
      expect(html).not.toContain('href="/#testimonials"');
      // Turned off: neither the dialog nor its script.
      await setContent({ constructionNotice: { shown: false, text: null } });
      const without = (await home()).body;
      expect(without).not.toContain('data-construction-notice');
      expect(without).not.toContain('construction-notice.js');
    } finally {
      await setContent({});
    }
  });

  it('is written in the visitor’s language', async () => {
    const html = (await home({ 'accept-language': 'es-ES,es;q=0.9' })).body;
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<h1 id="hero-title"[^>]*>Vende, comparte y crece con /);
    expect(html).toContain('>39\u00a0US$<');
  });

  it('gives a signed-in visitor the app, with the page’s title', async () => {
    const user = await createSignedInUser(test, { name: 'Signed In' });
    const response = await home({}, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/first-view-X.js"></script>');
    expect(response.body).not.toContain('data-server-page');
    expect(response.body).toContain('<title>The all-in-one creator platform · Zerri</title>');
  });

  it('answers HEAD', async () => {
    const response = await request(test.app, { method: 'HEAD', url: '/', headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

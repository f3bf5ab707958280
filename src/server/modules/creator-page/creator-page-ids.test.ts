import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_PAGE_MESSAGES } from '#shared/creator-page.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { createProduct } from '../profiles/test-fixtures.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const page = (productIds: unknown[]) => ({ theme: 'mint', accent: '#7c3aed', blocks: [{ id: 'p', type: 'products', productIds }] });

describe('product ids on the creator page', () => {
  it('answers 400 with a message for a malformed product id, on save and preview, whoever asks', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const own = await createProduct(test, owner.id);
    for (const url of ['/api/creator-page', '/api/creator-page/preview']) {
      const method = url.endsWith('preview') ? 'POST' : 'PUT';
      for (const bad of ['not-a-uuid', `${own.id}x`, "1' OR '1'='1", '']) {
        for (const headers of [{}, { 'user-agent': BOT }]) {
          const answer = await request(test.app, { method, url, cookie: owner.cookie, headers, payload: page([own.id, bad]) });
          expect(answer.statusCode, `${method} ${url} ${String(bad)}`).toBe(400);
          expect(answer.json().error.message).toContain(CREATOR_PAGE_MESSAGES.productNotYours);
        }
      }
      // A guest: the body's check answers first (400, never 500); a well-formed one is refused as signed out.
      expect((await request(test.app, { method, url, payload: page(['not-a-uuid']) })).statusCode).toBe(400);
      expect((await request(test.app, { method, url, payload: page([own.id]) })).statusCode).toBe(401);
      // A well-formed id still saves and previews.
      expect((await request(test.app, { method, url, cookie: owner.cookie, payload: page([own.id]) })).statusCode).toBe(200);
    }
  });

  it('a well-formed id of no product, or of another creator, is refused as not theirs', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    const theirs = await createProduct(test, other.id);
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await request(test.app, { method: 'PUT', url: '/api/creator-page', cookie: owner.cookie, payload: page([id]) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('product_not_yours');
    }
  });

  it('the public page and its block redirects answer 404 for malformed slugs and block ids, never 500', async () => {
    const owner = await createSignedInUser(test, { role: 'creator' });
    const own = await createProduct(test, owner.id);
    const { rows } = await test.database.pool.query<{ slug: string }>(`SELECT storefront_slug AS slug FROM user_profiles WHERE id = $1`, [owner.id]);
    const slug = rows[0]!.slug;
    await request(test.app, { method: 'PUT', url: '/api/creator-page', cookie: owner.cookie, payload: page([own.id]) });
    for (const url of [`/@${slug}/go/%27%22%3B`, `/@${slug}/go/p?i=99`, `/@${slug}/go/${'x'.repeat(64)}`, '/@%27%20OR%201%3D1', `/@${'a'.repeat(100)}/go/p`]) {
      for (const method of ['GET', 'HEAD'] as const) {
        expect((await request(test.app, { method, url, headers: { 'user-agent': BOT } })).statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

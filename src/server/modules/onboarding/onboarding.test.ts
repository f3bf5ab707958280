// The creator's onboarding checklist (issue #46), on the real database: each step ticks itself when the
// thing it asks for exists, and only ever for the signed-in creator's own store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Onboarding } from '#shared/onboarding-api.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/test-app.ts';
import { buy } from '../orders/test-helpers.ts';
import { pngImage, postMultipart } from '../profiles/test-fixtures.ts';

let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp();
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const checklist = async (cookie?: string, method: 'GET' | 'POST' = 'GET', url = '/api/my/onboarding') => {
  const response = await request(test.app, { method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) });
  return { status: response.statusCode, body: response.json() as Onboarding };
};
const done = (onboarding: Onboarding) => onboarding.steps.filter((step) => step.done).map((step) => step.id);

describe('the onboarding checklist', () => {
  it('is its creator’s own: a guest and a bot are refused, HEAD answers like GET', async () => {
    for (const url of ['/api/my/onboarding', '/api/my/onboarding/shared', '/api/my/onboarding/dismiss']) {
      const method = url === '/api/my/onboarding' ? 'GET' : 'POST';
      expect((await checklist(undefined, method, url)).status, url).toBe(401);
      expect((await request(test.app, { method, url, headers: { 'user-agent': 'Googlebot/2.1' }, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode).toBe(401);
    }
    expect((await request(test.app, { method: 'HEAD', url: '/api/my/onboarding' })).statusCode).toBe(401);
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'HEAD', url: '/api/my/onboarding', cookie: creator.cookie })).statusCode).toBe(200);
  });

  it('ticks each step as the store gets it, and hides itself once all are done', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    const first = (await checklist(creator.cookie)).body;
    expect(first.steps.map((step) => step.id)).toEqual(['confirm_email', 'payouts', 'first_product', 'store', 'share', 'first_sale']);
    expect(done(first)).toEqual(['confirm_email']);
    expect(first.hidden).toBe(false);
    const { rows } = await test.database.pool.query(`SELECT storefront_slug FROM user_profiles WHERE id = $1`, [creator.id]);
    expect(first.storeUrl).toBe(`http://zerri.test/store/${(rows[0] as { storefront_slug: string }).storefront_slug}`);

    expect((await request(test.app, { method: 'PUT', url: '/api/payouts/method', cookie: creator.cookie, payload: { type: 'paypal', email: 'me@paypal.test' } })).statusCode).toBe(200);
    // A product without a cover is not the step yet; one with a cover is.
    const form = (cover: boolean) => {
      const body = new FormData();
      body.append('name', cover ? 'Covered Guide' : 'Plain Guide');
      body.append('price', '12.00');
      body.append('category', 'eBook');
      body.append('file', new Blob([Buffer.from('%PDF-1.4 guide')]), 'guide.pdf');
      return body;
    };
    const plain = await fetch(`${base}/api/products`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form(false) });
    expect(plain.status).toBe(201);
    expect(done((await checklist(creator.cookie)).body)).toEqual(['confirm_email', 'payouts']);
    const covered = form(true);
    covered.append('cover', new Blob([await pngImage()]), 'cover.png');
    const made = await fetch(`${base}/api/products`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: covered });
    expect(made.status).toBe(201);
    const product = ((await made.json()) as { product: { id: string } }).product;

    // A bio alone, or the generated picture, is not a customized store; both are.
    await request(test.app, { method: 'PATCH', url: '/api/profile', cookie: creator.cookie, payload: { bio: 'I draw planners.' } });
    expect(done((await checklist(creator.cookie)).body)).toEqual(['confirm_email', 'payouts', 'first_product']);
    const avatar = await postMultipart(base, '/api/profile/avatar', creator.cookie, [{ field: 'avatar', body: new Blob([await pngImage()]), name: 'me.png' }]);
    expect(avatar.status).toBe(200);

    expect(done((await checklist(creator.cookie, 'POST', '/api/my/onboarding/shared')).body)).toEqual(['confirm_email', 'payouts', 'first_product', 'store', 'share']);
    // Another creator's checklist is their own: nothing of this store shows there.
    expect(done((await checklist(other.cookie)).body)).toEqual(['confirm_email']);

    await buy(test, uniqueEmail('first-buyer'), [product.id]);
    const all = (await checklist(creator.cookie)).body;
    expect(done(all)).toEqual(['confirm_email', 'payouts', 'first_product', 'store', 'share', 'first_sale']);
    expect(all.hidden).toBe(true);
  });

  it('stays away once put away, for that creator only', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const other = await createSignedInUser(test, { role: 'creator' });
    const dismissed = await checklist(creator.cookie, 'POST', '/api/my/onboarding/dismiss');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.hidden).toBe(true);
    expect((await checklist(creator.cookie)).body.hidden).toBe(true);
    expect((await checklist(other.cookie)).body.hidden).toBe(false);
  });
});

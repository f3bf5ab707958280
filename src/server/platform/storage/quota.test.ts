import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designSize } from '#shared/designs.ts';
import { STORAGE_MESSAGES, STORAGE_QUOTA_EXCEEDED_CODE, storageQuotaParams } from '#shared/storage.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

// Issue #16, hole 12: no quotas. Each user keeps at most their plan's storage; here Free has 1 MB
// and Pro 2 MB (STORAGE_QUOTA_*_MB), so a few small files fill it.
const MB = 1024 * 1024;
const KB = 1024;
let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({ STORAGE_QUOTA_FREE_MB: '1', STORAGE_QUOTA_PRO_MB: '2' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const fileOf = (bytes: number) => new Blob([Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(bytes - 9)])]);

interface Answer {
  error: { code: string; message: string };
  product: { id: string };
  post: { id: string };
}

/** A multipart POST over real HTTP, as the browser's forms send it. */
async function postForm(path: string, cookie: string, fields: Record<string, string | { blob: Blob; name: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.blob, value.name);
  }
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  return { status: response.status, body: (await response.json()) as Answer };
}

const uploadProduct = (cookie: string, bytes: number) => postForm('/api/products', cookie, { name: 'Guide', price: '5', file: { blob: fileOf(bytes), name: 'guide.pdf' } });
const usage = async (cookie: string) => (await request(test.app, { method: 'GET', url: '/api/profile/storage', cookie })).json();
const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } }).png().toBuffer();
const quotaError = (quotaBytes: number, plan: 'free' | 'pro') => ({ code: STORAGE_QUOTA_EXCEEDED_CODE, message: STORAGE_MESSAGES.quotaExceeded(quotaBytes, plan), params: storageQuotaParams(quotaBytes, plan) });

describe('storage quota', () => {
  it('is shown to its user only', async () => {
    const { cookie } = await createSignedInUser(test);
    expect(await usage(cookie)).toEqual({ usedBytes: 0, quotaBytes: 1 * MB, plan: 'free' });
    expect((await request(test.app, { method: 'GET', url: '/api/profile/storage' })).statusCode).toBe(401);
  });

  it("refuses an upload past the plan's quota with a clear 413, stores nothing, and counts per user", async () => {
    const alice = await createSignedInUser(test);
    const bob = await createSignedInUser(test);
    const first = await uploadProduct(alice.cookie, 700 * KB);
    expect(first.status).toBe(201);
    expect(await usage(alice.cookie)).toEqual({ usedBytes: 700 * KB, quotaBytes: 1 * MB, plan: 'free' });

    const files = await test.app.zerri.storage.list('product-files');
    const refused = await uploadProduct(alice.cookie, 700 * KB);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toEqual(quotaError(1 * MB, 'free'));
    expect(refused.body.error.message).toBe('This does not fit in your storage (1 MB on the Free plan). Delete files you no longer need or upgrade your plan.');
    expect(await test.app.zerri.storage.list('product-files')).toEqual(files);
    expect((await usage(alice.cookie)).usedBytes).toBe(700 * KB);

    // Bob's quota is his own: Alice's files neither count for him nor block him.
    expect((await uploadProduct(bob.cookie, 700 * KB)).status).toBe(201);
    expect((await usage(bob.cookie)).usedBytes).toBe(700 * KB);

    // Deleting a product gives its space back.
    const deleted = await request(test.app, { method: 'DELETE', url: `/api/products/${first.body.product.id}`, cookie: alice.cookie });
    expect(deleted.statusCode).toBe(204);
    expect((await usage(alice.cookie)).usedBytes).toBe(0);
    expect((await uploadProduct(alice.cookie, 700 * KB)).status).toBe(201);
  });

  it('counts covers, avatars, post media, application files and designs, and gives their space back', async () => {
    const { cookie } = await createSignedInUser(test);
    const withCover = await postForm('/api/products', cookie, { name: 'Kit', price: '5', file: { blob: fileOf(10 * KB), name: 'kit.pdf' }, cover: { blob: new Blob([await png()]), name: 'cover.png' } });
    expect(withCover.status).toBe(201);
    const afterProduct = (await usage(cookie)).usedBytes;
    expect(afterProduct).toBeGreaterThan(10 * KB); // the file and the re-encoded cover with its card

    const avatar = await postForm('/api/profile/avatar', cookie, { avatar: { blob: new Blob([await png()]), name: 'me.png' } });
    expect(avatar.status).toBe(200);
    const afterAvatar = (await usage(cookie)).usedBytes;
    expect(afterAvatar).toBeGreaterThan(afterProduct);

    const post = await postForm('/api/posts', cookie, { content: 'New work', image: { blob: new Blob([await png()]), name: 'work.png' } });
    expect(post.status).toBe(201);
    const afterPost = (await usage(cookie)).usedBytes;
    expect(afterPost).toBeGreaterThan(afterAvatar);

    const company = await createSignedInUser(test, { role: 'company' });
    const job = await request(test.app, {
      method: 'POST',
      url: '/api/jobs',
      cookie: company.cookie,
      payload: { title: 'Illustrator', companyName: 'Northwind', location: 'Remote', description: 'Draw.', skills: 'Figma', employmentType: 'Contract' },
    });
    const applied = await postForm(`/api/jobs/${job.json().job.id}/applications`, cookie, { message: 'Hello', file: { blob: fileOf(20 * KB), name: 'cv.pdf' } });
    expect(applied.status).toBe(201);
    expect((await usage(cookie)).usedBytes).toBe(afterPost + 20 * KB);
    expect((await usage(company.cookie)).usedBytes).toBe(0); // the applicant's upload, not the company's

    const design = { title: 'Poster', elements: [] };
    expect((await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: design })).statusCode).toBe(201);
    expect((await usage(cookie)).usedBytes).toBe(afterPost + 20 * KB + designSize(design));

    expect((await request(test.app, { method: 'DELETE', url: `/api/posts/${post.body.post.id}`, cookie })).statusCode).toBe(204);
    expect((await request(test.app, { method: 'DELETE', url: '/api/profile/avatar', cookie })).statusCode).toBe(200);
    expect((await usage(cookie)).usedBytes).toBe(afterProduct + 20 * KB + designSize(design));
  });

  it('refuses every kind of upload and design once the quota is full', async () => {
    const { cookie } = await createSignedInUser(test);
    expect((await uploadProduct(cookie, 1 * MB)).status).toBe(201); // exactly the quota
    const refusals = [
      await postForm('/api/profile/avatar', cookie, { avatar: { blob: new Blob([await png()]), name: 'me.png' } }),
      await postForm('/api/posts', cookie, { content: 'Hi', image: { blob: new Blob([await png()]), name: 'a.png' } }),
      await uploadProduct(cookie, 10 * KB),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(413);
      expect(refused.body.error).toEqual(quotaError(1 * MB, 'free'));
    }
    const design = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: { title: 'One more', elements: [] } });
    expect(design.statusCode).toBe(413);
    expect(design.json().error).toEqual(quotaError(1 * MB, 'free'));
    expect((await usage(cookie)).usedBytes).toBe(1 * MB);
    // A post without media stores nothing, so it is still welcome.
    expect((await postForm('/api/posts', cookie, { content: 'Text only' })).status).toBe(201);
  });

  it('saving over a design counts its new size, not both', async () => {
    const { cookie } = await createSignedInUser(test);
    const small = { title: 'Note', elements: [] };
    const larger = { title: 'Note two', elements: [] };
    // Room for `larger`, not for `larger` and `small` together.
    const filled = 1 * MB - designSize(larger) - 2;
    expect((await uploadProduct(cookie, filled)).status).toBe(201);
    const created = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: small });
    expect(created.statusCode).toBe(201);
    const saved = await request(test.app, { method: 'PUT', url: `/api/designs/${created.json().design.id}`, cookie, payload: larger });
    expect(saved.statusCode).toBe(200);
    expect((await usage(cookie)).usedBytes).toBe(filled + designSize(larger));
  });

  it("follows the user's plan", async () => {
    const { cookie, id } = await createSignedInUser(test);
    await test.database.pool.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [id]);
    expect(await usage(cookie)).toEqual({ usedBytes: 0, quotaBytes: 2 * MB, plan: 'pro' });
    expect((await uploadProduct(cookie, 700 * KB)).status).toBe(201);
    expect((await uploadProduct(cookie, 700 * KB)).status).toBe(201);
    const refused = await uploadProduct(cookie, 700 * KB);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toEqual(quotaError(2 * MB, 'pro'));
  });

  it('cannot be passed by uploading in parallel', async () => {
    const { cookie } = await createSignedInUser(test);
    const results = await Promise.all(Array.from({ length: 4 }, () => uploadProduct(cookie, 700 * KB)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 413, 413, 413]);
    expect((await usage(cookie)).usedBytes).toBe(700 * KB);
  });
});

import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGES_MAX, PRODUCT_MESSAGES } from '#shared/products.ts';
import { STORAGE_QUOTA_EXCEEDED_CODE } from '#shared/storage.ts';
import type { PageMeta } from '../../platform/context.ts';
import { createSignedInUser, listeningTestApp, request, resolvePageMeta, TEST_ORIGIN } from '../../test/test-app.ts';

const app = listeningTestApp();
/** A page request without a session. */
const fakeRequest = { headers: {} } as FastifyRequest;

interface GalleryForm {
  fields?: Record<string, string>;
  file?: boolean;
  /** New gallery images, sent as image0, image1, … */
  images?: Blob[];
}

/** A multipart product form as the web sends it: fields, gallery parts, then the product file. */
async function send(cookie: string | undefined, form: GalleryForm, options: { id?: string } = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form.fields ?? {})) body.append(key, value);
  for (const [index, image] of (form.images ?? []).entries()) body.append(`image${index}`, image, `photo-${index}.png`);
  if (form.file) body.append('file', new Blob([Buffer.from('%PDF-1.4 gallery')]), 'guide.pdf');
  const response = await fetch(`${app.base}/api/products${options.id ? `/${options.id}` : ''}`, {
    method: options.id ? 'PATCH' : 'POST',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

const png = async (color: string, width = 800, height = 600) =>
  new Blob([await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()]);
const imageKeys = () => app.test.app.zerri.storage.list('product-images');
const usage = async (cookie: string) => (await request(app.test.app, { method: 'GET', url: '/api/profile/storage', cookie })).json().usedBytes as number;
const keyOf = (url: string) => url.replace('/media/product-images/', '');

interface Image {
  id: string;
  url: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

async function productWithGallery(cookie: string, colors: string[]) {
  const response = await send(cookie, { fields: { name: 'Gallery kit', price: '9' }, file: true, images: await Promise.all(colors.map((color) => png(color))) });
  expect(response.status).toBe(201);
  return response.body.product as { id: string; images: Image[] };
}

describe('a product gallery', () => {
  it('stores the images re-encoded with thumbnails, in order, on the product page and in the ledger', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await usage(cookie);
    const product = await productWithGallery(cookie, ['#ff0000', '#00ff00']);
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toMatchObject({ width: 800, height: 600 });
    expect(product.images[0]!.url).toMatch(/^\/media\/product-images\/.+_image\.webp$/);
    expect(product.images[0]!.thumbUrl).toMatch(/_image_thumb\.webp$/);

    const image = await request(app.test.app, { method: 'GET', url: product.images[1]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const { dominant } = await sharp(image.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
    expect((await sharp((await request(app.test.app, { method: 'GET', url: product.images[0]!.thumbUrl })).rawPayload).metadata()).width).toBe(320);

    const page = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` });
    expect(page.json().product.images).toEqual(product.images);
    const mine = await request(app.test.app, { method: 'GET', url: '/api/my/products', cookie });
    expect(mine.json().items[0].images).toEqual(product.images);
    // The two images, their thumbnails and the product file count against the owner's storage.
    const urls = product.images.flatMap((item) => [item.url, item.thumbUrl]);
    const sizes = await Promise.all(urls.map(async (url) => (await request(app.test.app, { method: 'GET', url })).rawPayload.length));
    expect((await usage(cookie)) - before).toBe(sizes.reduce((sum, size) => sum + size, 0) + Buffer.from('%PDF-1.4 gallery').length);
  });

  it('adds, reorders and removes images in one save, and removes the removed files', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const product = await productWithGallery(cookie, ['#ff0000', '#00ff00', '#0000ff']);
    const [red, green, blue] = product.images as [Image, Image, Image];
    const edited = await send(cookie, { fields: { images: `${blue.id},image0,${red.id}` }, images: [await png('#ffff00')] }, { id: product.id });
    expect(edited.status).toBe(200);
    const images = edited.body.product.images as Image[];
    expect(images.map((image) => image.id)).toEqual([blue.id, expect.any(String), red.id]);
    const keys = await imageKeys();
    expect(keys).not.toContain(keyOf(green.url));
    expect(keys).not.toContain(keyOf(green.thumbUrl));
    expect(keys).toContain(keyOf(images[1]!.url));

    // Without an `images` field the gallery stays as it is; new images go at its end.
    const added = await send(cookie, { fields: { name: 'Renamed' }, images: [await png('#00ffff')] }, { id: product.id });
    expect((added.body.product.images as Image[]).slice(0, 3)).toEqual(images);
    expect(added.body.product.images).toHaveLength(4);

    const cleared = await send(cookie, { fields: { images: '' } }, { id: product.id });
    expect(cleared.body.product.images).toEqual([]);
    const left = await imageKeys();
    for (const image of added.body.product.images as Image[]) expect(left).not.toContain(keyOf(image.url));
  });

  it(`refuses more than ${PRODUCT_IMAGES_MAX} images and keeps nothing of the refused form`, async () => {
    const { cookie } = await createSignedInUser(app.test);
    const product = await productWithGallery(cookie, Array.from({ length: PRODUCT_IMAGES_MAX - 1 }, () => '#336699'));
    const before = await imageKeys();
    const response = await send(cookie, { images: [await png('#111111'), await png('#222222')] }, { id: product.id });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'too_many_images', message: PRODUCT_MESSAGES.tooManyImages(PRODUCT_IMAGES_MAX), params: { max: PRODUCT_IMAGES_MAX } });
    expect(await imageKeys()).toEqual(before);
    // The last free place takes one.
    const fits = await send(cookie, { images: [await png('#111111')] }, { id: product.id });
    expect(fits.body.product.images).toHaveLength(PRODUCT_IMAGES_MAX);
  });

  it('refuses a file that is not an image (415), one over 5 MB (413) and an order naming unknown images (400)', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = await imageKeys();
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'image/png' });
    const notImage = await send(cookie, { fields: { name: 'X', price: '1' }, file: true, images: [await png('#ff0000'), html] });
    expect(notImage.status).toBe(415);
    expect(notImage.body.error).toMatchObject({ code: 'image_not_image', message: PRODUCT_MESSAGES.imageNotImage });
    const tooLarge = await send(cookie, { fields: { name: 'X', price: '1' }, file: true, images: [new Blob([new Uint8Array(5 * 1024 * 1024 + 1)])] });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({ code: 'image_too_large', message: PRODUCT_MESSAGES.imageTooLarge });
    expect(await imageKeys()).toEqual(before);

    const product = await productWithGallery(cookie, ['#ff0000']);
    const other = await productWithGallery(cookie, ['#00ff00']);
    for (const order of [other.images[0]!.id, 'image3', `${product.images[0]!.id},${product.images[0]!.id}`, 'not-an-id']) {
      const response = await send(cookie, { fields: { images: order } }, { id: product.id });
      expect(response.status, order).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_image_order', message: PRODUCT_MESSAGES.invalidImageOrder });
    }
    const unchanged = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` });
    expect(unchanged.json().product.images).toEqual(product.images);
  });

  it('counts against the storage quota like the cover', async () => {
    const user = await createSignedInUser(app.test);
    const { quotaBytes, usedBytes } = (await request(app.test.app, { method: 'GET', url: '/api/profile/storage', cookie: user.cookie })).json();
    const product = await productWithGallery(user.cookie, []);
    // Fill the storage to a few bytes short of the quota.
    await app.test.database.pool.query(`INSERT INTO stored_files (bucket, key, user_id, size) VALUES ('post-media', $1, $2, $3)`, [
      `${user.id}/filler`,
      user.id,
      quotaBytes - usedBytes - 2_000,
    ]);
    const before = await imageKeys();
    const response = await send(user.cookie, { images: [await png('#ff00ff', 1200, 900)] }, { id: product.id });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe(STORAGE_QUOTA_EXCEEDED_CODE);
    expect(await imageKeys()).toEqual(before);
  });

  it('lets no one else change a gallery', async () => {
    const owner = await createSignedInUser(app.test);
    const stranger = await createSignedInUser(app.test);
    const product = await productWithGallery(owner.cookie, ['#ff0000', '#00ff00']);
    const before = await imageKeys();
    const reorder = await send(stranger.cookie, { fields: { images: `${product.images[1]!.id}` } }, { id: product.id });
    expect(reorder.status).toBe(403);
    expect(reorder.body.error.code).toBe('not_product_owner');
    const add = await send(stranger.cookie, { images: [await png('#000000')] }, { id: product.id });
    expect(add.status).toBe(403);
    expect((await send(undefined, { images: [await png('#000000')] }, { id: product.id })).status).toBe(401);
    expect(await imageKeys()).toEqual(before);
    const page = await request(app.test.app, { method: 'GET', url: `/api/products/${product.id}` });
    expect(page.json().product.images).toEqual(product.images);
  });

  it('removes the gallery from storage, and from the ledger, with the product', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const before = { keys: await imageKeys(), used: await usage(cookie) };
    const product = await productWithGallery(cookie, ['#ff0000', '#00ff00']);
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/products/${product.id}`, cookie })).statusCode).toBe(204);
    expect(await imageKeys()).toEqual(before.keys);
    expect(await usage(cookie)).toBe(before.used);
    const rows = await app.test.database.pool.query('SELECT 1 FROM product_images WHERE product_id = $1', [product.id]);
    expect(rows.rowCount).toBe(0);
  });

  it('removes the gallery when an admin removes the product', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const product = await productWithGallery(cookie, ['#ff0000']);
    const removed = await request(app.test.app, { method: 'DELETE', url: `/api/admin/products/${product.id}`, cookie: admin.cookie });
    expect(removed.statusCode).toBeLessThan(300);
    const keys = await imageKeys();
    expect(keys).not.toContain(keyOf(product.images[0]!.url));
    expect(keys).not.toContain(keyOf(product.images[0]!.thumbUrl));
  });
});

describe('a description in Markdown', () => {
  it('is kept as written for the page and shown as plain text on cards and link previews', async () => {
    const { cookie } = await createSignedInUser(app.test, { name: 'Mark Down' });
    const description = '# Big **news**\n\n- one\n- [two](https://example.com)\n\n<script>alert(1)</script>';
    const created = await send(cookie, { fields: { name: 'Markdown guide zq', price: '3', description }, file: true });
    // A form sends its line breaks as CRLF.
    expect(created.body.product.description).toBe(description.replace(/\n/g, '\r\n'));
    const store = await request(app.test.app, { method: 'GET', url: '/api/store/products?q=zq' });
    const card = store.json().items.find((item: { id: string }) => item.id === created.body.product.id);
    expect(card.description).toBe('Big news one two <script>alert(1)</script>');
    const resolve = (pathname: string, asked: FastifyRequest) => resolvePageMeta(app.test.app, pathname, asked);
    expect(((await resolve!(`/store/product/${created.body.product.slug}`, fakeRequest)) as PageMeta | undefined)?.description).toBe('Big news one two <script>alert(1)</script>');
  });
});

// Factories for the commerce and payments API tests (not a test file itself).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { mailSent, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };

/** Uploads a product through the real multipart API (the app must listen on `base`); returns it with its file's bytes. */
export async function createProduct(
  base: string,
  cookie: string,
  options: { name?: string; price?: string; bytes?: Buffer; fileName?: string; licenseKeys?: boolean; payWhatYouWant?: boolean; suggestedPrice?: string } = {},
) {
  const bytes = options.bytes ?? Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(2048)]);
  const form = new FormData();
  form.append('name', options.name ?? `Product ${randomBytes(3).toString('hex')}`);
  form.append('price', options.price ?? '19.99');
  form.append('category', 'eBook');
  if (options.licenseKeys !== undefined) form.append('licenseKeys', String(options.licenseKeys));
  if (options.payWhatYouWant !== undefined) form.append('payWhatYouWant', String(options.payWhatYouWant));
  if (options.suggestedPrice !== undefined) form.append('suggestedPrice', options.suggestedPrice);
  form.append('file', new Blob([new Uint8Array(bytes)]), options.fileName ?? 'guide.pdf');
  const response = await fetch(`${base}/api/products`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  const body = (await response.json()) as { product: { id: string; slug: string; name: string; priceCents: number; licenseKeys: boolean } };
  expect(response.status).toBe(201);
  return { ...body.product, bytes };
}

export async function checkout(test: TestApp, body: { email: string; productIds: string[] }, cookie?: string) {
  return request(test.app, { method: 'POST', url: '/api/checkout', payload: body, cookie });
}

export async function pay(test: TestApp, orderId: string, card = GOOD_CARD) {
  return request(test.app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card } });
}

/** A checkout paid with the success card; returns the order id. */
export async function buy(test: TestApp, email: string, productIds: string[], cookie?: string) {
  const started = await checkout(test, { email, productIds }, cookie);
  expect(started.statusCode, started.body).toBe(201);
  const { orderId } = started.json() as { orderId: string };
  const paid = await pay(test, orderId);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

export async function salesOf(test: TestApp, orderId: string) {
  const { rows } = await test.database.pool.query(`SELECT * FROM sales WHERE order_id = $1 ORDER BY created_at`, [orderId]);
  return rows as { id: string; order_id: string; product_id: string; creator_id: string; buyer_email: string; amount_cents: number; fee_cents: number; refunded_cents: number; status: string; download_count: number }[];
}

/** The download path in the latest receipt mailed to `email` (a receipt's lasting link followed to its signed one). */
export async function receiptDownloadPath(test: TestApp, email: string) {
  await mailSent(test.database);
  const { rows } = await test.database.pool.query(`SELECT text FROM dev_mailbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [email]);
  const text = (rows[0] as { text: string } | undefined)?.text ?? '';
  const link = /https?:\/\/\S+\/api\/(?:receipts\/[\w-]+\/)?downloads\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No download link mailed to ${email}: ${text}`);
  const url = new URL(link);
  if (!url.pathname.startsWith('/api/receipts/')) return url.pathname + url.search;
  // The receipt's lasting link: a download link signed at the click.
  const clicked = await request(test.app, { method: 'GET', url: url.pathname });
  expect(clicked.statusCode, clicked.body).toBe(303);
  const signed = new URL(clicked.headers.location as string, url);
  return signed.pathname + signed.search;
}

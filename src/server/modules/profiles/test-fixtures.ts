import { randomUUID } from 'node:crypto';
import { sales } from '../../db/schema/sales.ts';
import { postSaleToLedger } from '../sales/queries.ts';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Profile } from '#shared/profiles.ts';
import { TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

/** A product of `userId` with a stored file and cover, as an upload would leave it (tests only). */
export async function createProduct(test: TestApp, userId: string, overrides: { name?: string; priceCents?: number; tags?: string[] } = {}) {
  const { storage } = test.app.zerri;
  const fileKey = `${userId}/${randomUUID()}`;
  const coverKey = `${userId}/${randomUUID()}_cover.webp`;
  const cardKey = coverKey.replace('_cover.webp', '_cover_card.webp');
  await storage.put('product-files', fileKey, Readable.from([Buffer.from('%PDF-1.4 test')]), { contentType: 'application/octet-stream' });
  for (const key of [coverKey, cardKey]) {
    await storage.put('product-images', key, Readable.from([Buffer.from('webp')]), { contentType: 'image/webp' });
  }
  const { rows } = await test.database.pool.query<{ id: string; slug: string }>(
    `INSERT INTO products (user_id, name, price_cents, category, tags, file_key, file_name, file_size, cover_key, card_key)
     VALUES ($1, $2, $3, 'eBook', $4, $5, 'guide.pdf', 13, $6, $7) RETURNING id, slug`,
    [userId, overrides.name ?? `Product ${randomUUID().slice(0, 8)}`, overrides.priceCents ?? 1500, overrides.tags ?? [], fileKey, coverKey, cardKey],
  );
  return { id: rows[0]!.id, slug: rows[0]!.slug, fileKey, coverKey, cardKey };
}

/** A completed sale of a product (an order and its sale row), as checkout records it. */
export async function createSale(test: TestApp, product: { id: string; name: string; creatorId: string; amountCents?: number }) {
  const orderId = `ord_${randomUUID().replaceAll('-', '')}`;
  await test.database.pool.query(
    `INSERT INTO orders (id, kind, buyer_email, items, total_cents, status, provider) VALUES ($1, 'products', 'buyer@example.com', '[]', $2, 'paid', 'test')`,
    [orderId, product.amountCents ?? 1500],
  );
  const values = { orderId, productId: product.id, productName: product.name, creatorId: product.creatorId, buyerEmail: 'buyer@example.com', amountCents: product.amountCents ?? 1500 };
  return test.database.db.transaction(async (tx) => {
    const [sale] = await tx.insert(sales).values(values).returning();
    await postSaleToLedger(tx, sale!);
    return sale!.id;
  });
}

export async function pngImage(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
}

/** A multipart request over real HTTP (the streaming limits only act on a real socket). */
export async function postMultipart(base: string, path: string, cookie: string | undefined, parts: { field: string; body: Blob; name: string }[]) {
  const form = new FormData();
  for (const part of parts) form.append(part.field, part.body, part.name);
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: form });
  // One of the two, depending on the status; the tests check the status first.
  return { status: response.status, body: (await response.json()) as { profile: Profile; error: { code: string; message: string } } };
}

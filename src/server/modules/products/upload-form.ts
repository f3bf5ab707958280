import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { COVER_IMAGE_MAX_BYTES, PRODUCT_FILE_MAX_BYTES, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, PRODUCT_MESSAGES } from '#shared/products.ts';
import { safeFileName } from '../../platform/file-names.ts';
import { processImage } from '../../platform/images.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import type { NewUserFile, UserFiles } from '../../platform/storage/quota.ts';

export interface ReceivedProductForm {
  fields: Record<string, string>;
  file?: { key: string; name: string; size: number };
  cover?: { coverKey: string; cardKey: string };
  /** New gallery images by their part's name (`image0` … `image7`), in the order of those names. */
  images: Map<string, NewGalleryImage>;
  /** Removes everything this form stored (when the product is not saved after all). */
  discard(): Promise<void>;
}

export interface NewGalleryImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** The multipart names of new gallery images: image0 … image7. */
export const GALLERY_PARTS = Array.from({ length: PRODUCT_IMAGES_MAX }, (_, index) => `image${index}`);

/**
 * Reads a product form: the product file (≤ 50 MB) into private storage, the cover (≤ 5 MB)
 * checked by content and re-encoded, with a card version, and so each new gallery image (`image0` …,
 * with a thumbnail); all of them within the owner's storage
 * quota (413 past it). On any failure every object stored so far is removed again, so nothing
 * half-written stays behind.
 */
export async function receiveProductForm(
  request: FastifyRequest,
  { uploadDir, userFiles }: { uploadDir: string; userFiles: UserFiles },
  userId: string,
): Promise<ReceivedProductForm> {
  const form = await receiveMultipart(request, uploadDir, {
    file: { maxBytes: PRODUCT_FILE_MAX_BYTES, tooLarge: PRODUCT_MESSAGES.fileTooLarge },
    cover: { maxBytes: COVER_IMAGE_MAX_BYTES, tooLarge: PRODUCT_MESSAGES.coverTooLarge },
    ...Object.fromEntries(GALLERY_PARTS.map((name) => [name, { maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLarge: PRODUCT_MESSAGES.imageTooLarge, code: 'image_too_large' }])),
  });
  const toStore: NewUserFile[] = [];
  let stored = false;
  const discard = async () => {
    if (!stored) return;
    await Promise.all(toStore.map((object) => userFiles.storage.delete(object.bucket, object.key).catch(() => {})));
  };
  try {
    const result: ReceivedProductForm = { fields: form.fields, images: new Map(), discard };
    const { file, cover } = form.files;
    if (cover) {
      // Checked first: a refused cover should not cost a 50 MB copy of the file.
      const image = await processImage(cover.path, { message: PRODUCT_MESSAGES.coverNotImage, fullWidth: 1600, cardWidth: 480 });
      const base = `${userId}/${randomUUID()}_cover`;
      result.cover = { coverKey: `${base}.webp`, cardKey: `${base}_card.webp` };
      for (const [key, body] of [[result.cover.coverKey, image.full], [result.cover.cardKey, image.card]] as const) {
        toStore.push({ bucket: 'product-images', key, size: body.length, body: () => Readable.from([body]), contentType: 'image/webp' });
      }
    }
    for (const name of GALLERY_PARTS) {
      const part = form.files[name];
      if (!part) continue;
      const image = await processImage(part.path, { message: PRODUCT_MESSAGES.imageNotImage, code: 'image_not_image', fullWidth: 1600, cardWidth: 320 });
      const base = `${userId}/${randomUUID()}_image`;
      const stored = { key: `${base}.webp`, thumbKey: `${base}_thumb.webp`, width: image.width, height: image.height };
      result.images.set(name, stored);
      for (const [key, body] of [[stored.key, image.full], [stored.thumbKey, image.card]] as const) {
        toStore.push({ bucket: 'product-images', key, size: body.length, body: () => Readable.from([body]), contentType: 'image/webp' });
      }
    }
    if (file) {
      const key = `${userId}/${randomUUID()}`;
      toStore.push({ bucket: 'product-files', key, size: file.size, body: () => fs.createReadStream(file.path), contentType: 'application/octet-stream' });
      result.file = { key, name: safeFileName(file.filename), size: file.size };
    }
    await userFiles.store(userId, toStore);
    stored = true;
    return result;
  } finally {
    await form.cleanup();
  }
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { COVER_IMAGE_MAX_BYTES, PRODUCT_FILE_MAX_BYTES, PRODUCT_MESSAGES } from '#shared/products.ts';
import { AppError, PayloadTooLargeError } from '../../platform/errors.ts';
import { safeFileName } from '../../platform/file-names.ts';
import { processImage } from '../../platform/images.ts';
import { limitStream } from '../../platform/storage/limit-stream.ts';
import { LimitExceededError, type ObjectStorage } from '../../platform/storage/storage.ts';

export interface StoredProductFile {
  key: string;
  name: string;
  size: number;
}

export interface StoredCover {
  coverKey: string;
  cardKey: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  file?: StoredProductFile;
  cover?: StoredCover;
  /** Removes everything this form stored (when the product is not saved after all). */
  discard(): Promise<void>;
}

/**
 * Reads a multipart product form, streaming the product file straight into storage and the
 * cover through a temporary file into sharp. Limits apply while streaming; on any failure every
 * stored object is removed again, so nothing half-written stays behind.
 */
export async function receiveProductForm(request: FastifyRequest, storage: ObjectStorage, userId: string): Promise<ReceivedForm> {
  const fields: Record<string, string> = {};
  const stored: { bucket: 'product-files' | 'product-images'; key: string }[] = [];
  const discard = async () => {
    await Promise.all(stored.map((object) => storage.delete(object.bucket, object.key).catch(() => {})));
  };
  let file: StoredProductFile | undefined;
  let coverPath: string | undefined;
  let failure: unknown;

  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const hasContent = part.filename !== '';
      if (failure || !hasContent || (part.fieldname !== 'file' && part.fieldname !== 'cover') || (part.fieldname === 'file' && file)) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      try {
        if (part.fieldname === 'file') {
          const key = `${userId}/${randomUUID()}`;
          const { size } = await storage.put('product-files', key, part.file, {
            contentType: 'application/octet-stream',
            maxBytes: PRODUCT_FILE_MAX_BYTES,
          });
          stored.push({ bucket: 'product-files', key });
          file = { key, name: safeFileName(part.filename), size };
        } else {
          coverPath = path.join(os.tmpdir(), `zerri-cover-${randomUUID()}`);
          await pipeline(part.file, limitStream(COVER_IMAGE_MAX_BYTES), fs.createWriteStream(coverPath));
        }
      } catch (error) {
        failure =
          error instanceof LimitExceededError
            ? new PayloadTooLargeError(part.fieldname === 'file' ? PRODUCT_MESSAGES.fileTooLarge : PRODUCT_MESSAGES.coverTooLarge)
            : error;
        part.file.resume(); // read the rest so the client gets our answer
        await finished(part.file);
      }
    }
    if (failure) throw failure;
    let cover: StoredCover | undefined;
    if (coverPath) {
      const image = await processImage(coverPath, { message: PRODUCT_MESSAGES.coverNotImage, fullWidth: 1600, cardWidth: 480 });
      const base = `${userId}/${randomUUID()}_cover`;
      cover = { coverKey: `${base}.webp`, cardKey: `${base}_card.webp` };
      for (const [key, body] of [[cover.coverKey, image.full], [cover.cardKey, image.card]] as const) {
        await storage.put('product-images', key, Readable.from([body]), { contentType: 'image/webp' });
        stored.push({ bucket: 'product-images', key });
      }
    }
    return { fields, file, cover, discard };
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(PRODUCT_MESSAGES.fileTooLarge);
    throw error;
  } finally {
    if (coverPath) await fs.promises.rm(coverPath, { force: true });
  }
}

function finished(stream: Readable): Promise<void> {
  if (stream.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { PRODUCT_FILE_MAX_BYTES, PRODUCT_MESSAGES } from '#shared/products.ts';
import { safeFileName } from '../../platform/file-names.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import type { UserFiles } from '../../platform/storage/quota.ts';

export interface ReceivedVersionForm {
  fields: Record<string, string>;
  file?: { key: string; name: string; size: number };
  /** Removes the file this form stored (when the version is not saved after all). */
  discard(): Promise<void>;
}

/**
 * Reads a version form: its file (≤ 50 MB, like a product file) into private storage within the
 * owner's storage quota (413 past it); the other parts are text fields.
 */
export async function receiveVersionForm(
  request: FastifyRequest,
  { uploadDir, userFiles }: { uploadDir: string; userFiles: UserFiles },
  userId: string,
): Promise<ReceivedVersionForm> {
  const form = await receiveMultipart(request, uploadDir, { file: { maxBytes: PRODUCT_FILE_MAX_BYTES, tooLarge: PRODUCT_MESSAGES.fileTooLarge } });
  try {
    const { file } = form.files;
    if (!file) return { fields: form.fields, discard: async () => {} };
    const key = `${userId}/${randomUUID()}`;
    await userFiles.store(userId, [
      { bucket: 'product-files', key, size: file.size, body: () => fs.createReadStream(file.path), contentType: 'application/octet-stream' },
    ]);
    return {
      fields: form.fields,
      file: { key, name: safeFileName(file.filename), size: file.size },
      discard: () => userFiles.storage.delete('product-files', key).catch(() => {}),
    };
  } finally {
    await form.cleanup();
  }
}

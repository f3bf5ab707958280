import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, PROFILE_MESSAGES } from '#shared/profiles.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { processImage } from '../../platform/images.ts';
import { receiveMultipart } from '../../platform/multipart.ts';
import type { UserFiles } from '../../platform/storage/quota.ts';

/** avatars/{userId}/{timestamp}_{file name, spaces as underscores}.webp (SPEC §3 Storage). */
export function avatarKey(userId: string, fileName: string, now = Date.now()): string {
  const base =
    path
      .basename(fileName.replaceAll('\\', '/'), path.extname(fileName))
      .replace(/\s+/g, '_')
      .replace(/[^A-Za-z0-9_-]+/g, '')
      .slice(0, 60) || 'avatar';
  return `${userId}/${now}_${base}.webp`;
}

/**
 * Reads the `avatar` file of a multipart form (413 past 5 MB, while it streams), checks by its
 * content that it is a picture (415 otherwise), re-encodes it and stores it within the user's
 * storage quota (413 past it); returns its key.
 */
export async function receiveAvatar(
  request: FastifyRequest,
  { uploadDir, userFiles }: { uploadDir: string; userFiles: UserFiles },
  userId: string,
): Promise<string> {
  const form = await receiveMultipart(request, uploadDir, { avatar: { maxBytes: AVATAR_MAX_BYTES, tooLarge: PROFILE_MESSAGES.avatarTooLarge } });
  try {
    const file = form.files.avatar;
    if (!file) throw new BadRequestError(PROFILE_MESSAGES.avatarRequired, 'avatar_required');
    const image = await processImage(file.path, { message: PROFILE_MESSAGES.avatarNotImage, fullWidth: 512, cardWidth: 128 });
    const key = avatarKey(userId, file.filename);
    await userFiles.store(userId, [{ bucket: 'avatars', key, size: image.full.length, body: () => Readable.from([image.full]), contentType: 'image/webp' }]);
    return key;
  } finally {
    await form.cleanup();
  }
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SITE_MESSAGES } from '#shared/site.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { BUCKETS, MEDIA_TYPES, PUBLIC_BUCKETS, type Bucket } from '../../platform/storage/storage.ts';

/** Objects of the public buckets (avatars, product images, post media); private buckets never come out here. */
export async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { storage } = ctx;
  // Public images and videos: random keys never change, so they are cached for a year.
  app.get<{ Params: { bucket: string; '*': string } }>('/media/:bucket/*', async (request, reply) => {
    const bucket = request.params.bucket as Bucket;
    const key = request.params['*'];
    if (!BUCKETS.includes(bucket) || !PUBLIC_BUCKETS.includes(bucket) || !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key)) {
      throw new NotFoundError(SITE_MESSAGES.noSuchFile, 'media_not_found');
    }
    const object = await storage.get(bucket, key);
    if (!object) throw new NotFoundError(SITE_MESSAGES.noSuchFile, 'media_not_found');
    return reply
      .header('Content-Type', MEDIA_TYPES[path.extname(key)] ?? 'application/octet-stream')
      .header('Content-Length', String(object.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(object.body);
  });
}

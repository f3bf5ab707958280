import type { Readable } from 'node:stream';
import { limitStream } from './limit-stream.ts';
import { assertSafeKey, type ObjectStorage } from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Any S3-compatible service. Uploads stream as multipart uploads, which only become an object
 * when completed; an oversized or failed upload is aborted and leaves nothing.
 */
export async function createS3Storage(settings: S3Settings): Promise<ObjectStorage> {
  // Loaded only when this driver is chosen: the SDK is large.
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const objectKey = (bucket: string, key: string) => {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };

  return {
    async put(bucket, key, body, options) {
      const limit = limitStream(options.maxBytes ?? Number.MAX_SAFE_INTEGER);
      const upload = new Upload({
        client,
        params: { Bucket: settings.bucket, Key: objectKey(bucket, key), Body: body.pipe(limit), ContentType: options.contentType },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
      });
      const failed = new Promise<never>((_, reject) => {
        limit.once('error', reject);
        body.once('error', reject);
      });
      try {
        await Promise.race([upload.done(), failed]);
        return { size: limit.bytes() };
      } catch (error) {
        await upload.abort().catch(() => {});
        throw error;
      }
    },
    async get(bucket, key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(bucket, key) }));
        return { body: result.Body as Readable, size: Number(result.ContentLength ?? 0), contentType: result.ContentType };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(bucket, key) }));
    },
    async list(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${bucket}/`, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(bucket.length + 1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}

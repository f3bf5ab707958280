import type { Readable } from 'node:stream';

/** Logical buckets (SPEC §3 Storage); on S3 they are key prefixes of one bucket. */
export const BUCKETS = ['avatars', 'product-files', 'product-images', 'post-media', 'application-files', 'message-files'] as const;
export type Bucket = (typeof BUCKETS)[number];
/** Buckets whose objects anyone may fetch; product and application files only go out through permission checks. */
export const PUBLIC_BUCKETS: readonly Bucket[] = ['avatars', 'product-images', 'post-media'];

/** Content types of public objects, by the extension the server gave their key. */
export const MEDIA_TYPES: Record<string, string> = { '.webp': 'image/webp', '.mp4': 'video/mp4', '.webm': 'video/webm', '.ogv': 'video/ogg' };

export interface StoredObject {
  size: number;
}

export interface ObjectStorage {
  /**
   * Streams `body` to `bucket/key`. The object appears only once complete: a failed or
   * oversized upload leaves nothing behind. Rejects with LimitExceededError past `maxBytes`.
   */
  put(bucket: Bucket, key: string, body: Readable, options: { contentType: string; maxBytes?: number }): Promise<StoredObject>;
  get(bucket: Bucket, key: string): Promise<{ body: Readable; size: number; contentType?: string } | undefined>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Every key of a bucket (tests and backups). */
  list(bucket: Bucket): Promise<string[]>;
}

export class LimitExceededError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
  }
}

/** Keys are made by the server only: letters, digits, dashes, underscores, dots and slashes. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { LimitExceededError, type ObjectStorage } from './storage.ts';

// One contract, two drivers: a local directory, and S3 spoken to a local S3-compatible server.
let s3server: S3rver;
let s3Endpoint: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir(), configureBuckets: Array.from({ length: 10 }, (_, i) => ({ name: `zerri${i}`, configs: [] })) });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3server.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

let bucketCounter = 0;
const drivers: [string, () => ObjectStorage | Promise<ObjectStorage>][] = [
  ['local directory', () => createLocalStorage(tempDir())],
  [
    'S3-compatible',
    () =>
      createS3Storage({
        endpoint: s3Endpoint,
        region: 'us-east-1',
        bucket: `zerri${bucketCounter++}`, // a fresh bucket per test
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

/** A stream of `size` random bytes in 64 KiB chunks, never all in memory at once on the way in. */
function chunked(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += 64 * 1024) yield data.subarray(offset, offset + 64 * 1024);
    })(),
  );
}

describe.each(drivers)('%s storage', (_name, make) => {
  it('stores and returns exactly the bytes it was given', async () => {
    const storage = await make();
    const data = randomBytes(6 * 1024 * 1024 + 123);
    const stored = await storage.put('product-files', 'user1/file-a', chunked(data), { contentType: 'application/octet-stream' });
    expect(stored.size).toBe(data.length);
    const object = await storage.get('product-files', 'user1/file-a');
    expect(object).toBeDefined();
    expect((await buffer(object!.body)).equals(data)).toBe(true);
    expect(await storage.list('product-files')).toEqual(['user1/file-a']);
  });

  it('refuses an upload past its limit and leaves nothing behind', async () => {
    const storage = await make();
    const limit = 1024 * 1024;
    await expect(
      storage.put('product-files', 'user1/too-big', chunked(randomBytes(limit + 1)), { contentType: 'application/octet-stream', maxBytes: limit }),
    ).rejects.toBeInstanceOf(LimitExceededError);
    expect(await storage.get('product-files', 'user1/too-big')).toBeUndefined();
    expect(await storage.list('product-files')).toEqual([]);
  });

  it('leaves nothing when the source fails midway', async () => {
    const storage = await make();
    const failing = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('product-images', 'u/broken', failing, { contentType: 'image/webp' })).rejects.toThrow('client went away');
    expect(await storage.list('product-images')).toEqual([]);
  });

  it('deletes objects and refuses keys it did not make', async () => {
    const storage = await make();
    await storage.put('avatars', 'u/a.webp', chunked(Buffer.from('x')), { contentType: 'image/webp' });
    await storage.delete('avatars', 'u/a.webp');
    expect(await storage.get('avatars', 'u/a.webp')).toBeUndefined();
    await expect(storage.put('avatars', '../escape', chunked(Buffer.from('x')), { contentType: 'x' })).rejects.toThrow(/Unsafe/);
    await expect(storage.get('avatars', '/etc/passwd')).rejects.toThrow(/Unsafe/);
  });
});

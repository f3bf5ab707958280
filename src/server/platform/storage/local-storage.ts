import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limitStream } from './limit-stream.ts';
import { assertSafeKey, type Bucket, type ObjectStorage } from './storage.ts';

/**
 * Files under `<root>/<bucket>/<key>`. Uploads go to `<root>/.incoming` first and are renamed
 * into place when complete, so a crash or an oversized upload never leaves a visible partial file.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const incoming = path.join(root, '.incoming');
  fs.mkdirSync(incoming, { recursive: true });
  // Leftovers of uploads cut short by a crash.
  for (const name of fs.readdirSync(incoming)) fs.rmSync(path.join(incoming, name), { force: true });

  const fullPath = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };

  return {
    async put(bucket, key, body, options) {
      const target = fullPath(bucket, key);
      const temporary = path.join(incoming, randomBytes(12).toString('hex'));
      const limit = limitStream(options.maxBytes ?? Number.MAX_SAFE_INTEGER);
      try {
        // flush: the bytes are on disk before the rename, and the rename before the caller records
        // the file, so a power cut (not only a crash) never leaves a recorded file empty or short.
        await pipeline(body, limit, fs.createWriteStream(temporary, { flags: 'wx', flush: true }));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(temporary, target);
        await syncDirectory(path.dirname(target));
        return { size: limit.bytes() };
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(bucket, key) {
      const file = fullPath(bucket, key);
      try {
        const stat = await fs.promises.stat(file);
        return { body: fs.createReadStream(file) as Readable, size: stat.size };
      } catch {
        return undefined;
      }
    },
    async delete(bucket, key) {
      await fs.promises.rm(fullPath(bucket, key), { force: true });
    },
    async list(bucket) {
      const base = path.join(root, bucket);
      if (!fs.existsSync(base)) return [];
      const entries = await fs.promises.readdir(base, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
  };
}

/** Makes a rename in `dir` durable; a platform that cannot sync a directory is left as it is. */
async function syncDirectory(dir: string) {
  const handle = await fs.promises.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}

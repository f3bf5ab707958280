import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app.ts';

// Issue #16, hole 11: upload temp files lived in the OS temp folder and survived a kill -9.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-upload-dir-'));
const uploadDir = path.join(dataDir, 'tmp', 'uploads');
let test: TestApp;
let base: string;

beforeAll(async () => {
  // What a kill -9 in the middle of two uploads leaves behind.
  fs.mkdirSync(path.join(uploadDir, 'half-written-folder'), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, 'half-written-upload'), randomBytes(1024));
  test = await createTestApp({ DATA_DIR: dataDir });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the first new entry of `dir` whose name passes `accept`. */
function firstNewEntry(dir: string, accept: (name: string) => boolean) {
  const watcher = fs.watch(dir);
  const found = new Promise<string>((resolve) => {
    watcher.on('change', (_type, name) => {
      if (typeof name === 'string' && accept(name)) resolve(name);
    });
  });
  return { found, close: () => watcher.close() };
}

describe('upload temporary files', () => {
  it('are swept from DATA_DIR/tmp/uploads at start', () => {
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });

  it('are written under DATA_DIR while the upload streams, never to the OS temp folder, and removed after', async () => {
    const { cookie } = await createSignedInUser(test);
    const inDataDir = firstNewEntry(uploadDir, () => true);
    const inOsTmp = firstNewEntry(os.tmpdir(), (name) => name.startsWith('zerri-upload-'));
    const boundary = `zerri${randomBytes(8).toString('hex')}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const upload = http.request(`${base}/api/products`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    upload.write(
      `${field('name', 'Streaming guide')}${field('price', '5')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guide.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    upload.write(Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(256 * 1024)]));

    // The first half of the file is on its way: its temporary file exists now, and only one place wins.
    const where = await Promise.race([inDataDir.found.then((name) => ({ dir: uploadDir, name })), inOsTmp.found.then((name) => ({ dir: os.tmpdir(), name }))]);
    inDataDir.close();
    inOsTmp.close();
    expect(where.dir).toBe(uploadDir);
    expect(fs.existsSync(path.join(uploadDir, where.name))).toBe(true);

    upload.end(Buffer.concat([randomBytes(256 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const answer = await response;
    expect(answer.status, answer.body).toBe(201);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });
});

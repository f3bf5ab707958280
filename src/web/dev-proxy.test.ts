import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

// `npm run dev`: Vite serves the React app and passes what the server answers (API, short links, stored media) to it.
let api: http.Server;
let vite: ViteDevServer;
let base: string;

beforeAll(async () => {
  api = http.createServer((request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(`api ${request.url}`));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  process.env.API_PORT = String((api.address() as AddressInfo).port); // read by vite.config.ts
  vite = await createServer({ configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
  await vite.listen();
  base = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await vite?.close();
  api?.close();
});

describe('the dev server', () => {
  it.each(['/media/product-images/cover.webp', '/api/health', '/z/launch-day'])('passes %s to the API server', async (url) => {
    const response = await fetch(`${base}${url}`, { redirect: 'manual' });
    expect(await response.text()).toBe(`api ${url}`);
  });
});

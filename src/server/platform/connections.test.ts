import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const BODY_BYTES = 2_000_000;

describe('connections', () => {
  // Without the stop's reaping, the close below waits out the 72 s keep-alive, past this test's limit.
  it("are kept idle longer than a proxy's 60 s, and a stop does not wait for one that idles after it began", { timeout: 45_000 }, async () => {
    const test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (test.app.server.address() as AddressInfo).port;

    const plain = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(plain.headers.get('keep-alive')).toBe('timeout=72');

    // An upload refused before its body has arrived (signed out): the answer goes out, the body keeps coming.
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const answered = new Promise<void>((resolve) => socket.on('data', (chunk) => ((answer += chunk), resolve())));
    const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
    socket.write(
      'POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        `Content-Length: ${BODY_BYTES}\r\n\r\n--b\r\n`,
    );
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);

    // The stop begins while that connection is busy receiving; once the body is in, it is idle and closed.
    const closing = test.close();
    socket.write('x'.repeat(BODY_BYTES - 5));
    await Promise.all([closing, ended]);
    expect(socket.readableEnded).toBe(true);
    socket.destroy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANNEL, userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import { createSignedInUser, createTestApp, publishUntyped, type TestApp } from '../test/test-app.ts';

/** Reads a server-sent-events stream from a listening app until it has `count` events. */
async function openStream(baseUrl: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: RealtimeEvent[] = [];
  let buffer = '';
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type === 'ready') ready();
          else if (data) events.push(JSON.parse(data) as RealtimeEvent);
        }
      }
    } catch {
      // aborted
    }
  })();
  await isReady;
  return { events, close: () => controller.abort() };
}

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let first: TestApp;
let second: TestApp;
let firstUrl: string;
let secondUrl: string;
beforeAll(async () => {
  first = await createTestApp();
  // A second app instance on the same database, as behind a load balancer.
  second = await createTestApp({}, { databaseName: new URL(first.databaseUrl).pathname.slice(1) });
  firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('realtime stream', () => {
  it('delivers public events to everyone, on every app instance', async () => {
    const onFirst = await openStream(firstUrl);
    const onSecond = await openStream(secondUrl);
    await publishUntyped(first.app.zerri.realtime, PUBLIC_CHANNEL, 'users.count', { count: 7 });
    await waitFor(() => onFirst.events.length > 0 && onSecond.events.length > 0);
    for (const stream of [onFirst, onSecond]) {
      expect(stream.events).toEqual([{ channel: 'public', type: 'users.count', data: { count: 7 } }]);
      stream.close();
    }
  });

  it('delivers a user channel only to that user', async () => {
    const alice = await createSignedInUser(first);
    const bob = await createSignedInUser(first);
    const aliceStream = await openStream(secondUrl, alice.cookie);
    const bobStream = await openStream(secondUrl, bob.cookie);
    const anonymous = await openStream(secondUrl);
    await publishUntyped(first.app.zerri.realtime, userChannel(alice.id), 'profile.updated', { name: 'Alice' });
    await publishUntyped(first.app.zerri.realtime, PUBLIC_CHANNEL, 'marker');
    await waitFor(() => bobStream.events.length > 0 && anonymous.events.length > 0 && aliceStream.events.length > 1);
    expect(aliceStream.events.map((event) => event.type)).toEqual(['profile.updated', 'marker']);
    expect(bobStream.events.map((event) => event.type)).toEqual(['marker']);
    expect(anonymous.events.map((event) => event.type)).toEqual(['marker']);
    for (const stream of [aliceStream, bobStream, anonymous]) stream.close();
  });
});

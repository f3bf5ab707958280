import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANNEL, STREAM_REPLACED_EVENT } from '#shared/realtime.ts';
import { createSignedInUser, createTestApp, publishUntyped, type TestApp } from '../../test/test-app.ts';

// Issue #16, hole 12: one client opened 1,000 event streams. Each client keeps at most
// EVENT_STREAMS_PER_CLIENT; one more closes its oldest.
const CAP = 3;
let test: TestApp;
let base: string;
const opened: Stream[] = [];

beforeAll(async () => {
  test = await createTestApp({ EVENT_STREAMS_PER_CLIENT: String(CAP) });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await test.close();
});

interface Stream {
  /** Resolves with the event's type once the stream got an event of that type. */
  next(type: string): Promise<string>;
  /** Resolves once the server ended the stream. */
  ended: Promise<'ended'>;
  types: string[];
  close(): void;
}

/** GET /api/events over real HTTP; resolves once the server said `ready`. */
async function openStream(cookie?: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const types: string[] = [];
  const waiting: { type: string; resolve: (type: string) => void }[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended' as const;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const type = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (!type) continue;
          if (type === 'ready') ready();
          types.push(type);
          for (const waiter of waiting.filter((candidate) => candidate.type === type)) waiter.resolve(type);
        }
      }
    } catch {
      return new Promise<'ended'>(() => {}); // closed by this test, not by the server
    }
  })();
  await isReady;
  const stream: Stream = {
    next: (type) => (types.includes(type) ? Promise.resolve(type) : new Promise((resolve) => waiting.push({ type, resolve }))),
    ended,
    types,
    close: () => controller.abort(),
  };
  opened.push(stream);
  return stream;
}

/** Publishes a marker and resolves with what happened first to `stream`: it ended, or it got the marker. */
async function endedOrOpen(stream: Stream, marker: string): Promise<'ended' | string> {
  return Promise.race([stream.ended, stream.next(marker)]);
}

describe('event streams per client', () => {
  it('closes the oldest stream of a visitor (per IP) when one more opens; the newest works', async () => {
    const streams = [];
    for (let i = 0; i <= CAP; i += 1) streams.push(await openStream());
    const [oldest, ...rest] = streams;
    await publishUntyped(test.app.zerri.realtime, PUBLIC_CHANNEL, 'marker-visitor');
    expect(await endedOrOpen(oldest!, 'marker-visitor')).toBe('ended');
    expect(oldest!.types).toEqual(['ready', STREAM_REPLACED_EVENT]);
    for (const stream of rest) expect(await stream.next('marker-visitor')).toBe('marker-visitor');
    for (const stream of streams) stream.close();
  });

  it('counts a signed-in user apart from their IP and from other users', async () => {
    const alice = await createSignedInUser(test);
    const bob = await createSignedInUser(test);
    const bobStream = await openStream(bob.cookie);
    const visitors = [];
    for (let i = 0; i < CAP; i += 1) visitors.push(await openStream());
    const aliceStreams = [];
    for (let i = 0; i <= CAP; i += 1) aliceStreams.push(await openStream(alice.cookie));

    await publishUntyped(test.app.zerri.realtime, PUBLIC_CHANNEL, 'marker-users');
    expect(await endedOrOpen(aliceStreams[0]!, 'marker-users')).toBe('ended');
    // Alice's extra stream closed her own oldest, never Bob's or the visitors' of the same IP.
    for (const stream of [bobStream, ...visitors, ...aliceStreams.slice(1)]) expect(await endedOrOpen(stream, 'marker-users')).toBe('marker-users');
    for (const stream of [bobStream, ...visitors, ...aliceStreams]) stream.close();
  });
});

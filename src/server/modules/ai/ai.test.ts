import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '#shared/ai.ts';
import { FAKE_REPLY, startFakeOpenAI } from '../../../../e2e/fake-providers/openai.mjs';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let provider: Awaited<ReturnType<typeof startFakeOpenAI>>;
let test: TestApp;
let base: string;
beforeAll(async () => {
  provider = await startFakeOpenAI({ wordDelayMs: 15 });
  test = await createTestApp({ AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'test-model', AI_TIMEOUT_MS: '1500', AI_RATE_LIMIT_MAX: '50' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await test.close();
  await provider.close();
});

/** Calls the streaming endpoint over HTTP and collects its events as they arrive. */
async function generate(cookie: string | undefined, prompt: string, options: { stopAfterFirstDelta?: boolean } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/ai/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ prompt }),
    signal: controller.signal,
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return { status: response.status, body: await response.json(), events: [] };
  const events: { type: string; text?: string; title?: string; message?: string; generationId?: string; at: number }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (data) events.push({ ...JSON.parse(data), at: Date.now() });
        if (options.stopAfterFirstDelta && events.some((event) => event.type === 'delta')) {
          controller.abort();
          return { status: response.status, body: undefined, events };
        }
      }
    }
  } catch {
    // aborted by us
  }
  return { status: response.status, body: undefined, events };
}

describe('AI content studio', () => {
  it('needs a signed-in user and a prompt, with the spec messages', async () => {
    const anonymous = await generate(undefined, 'hello');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ title: 'Authentication Required', message: 'Please log in to use the AI Tools Builder.' });
    const { cookie } = await createSignedInUser(test);
    const empty = await generate(cookie, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ title: 'Prompt Required', message: 'Please enter a prompt to get started.' });
    const long = await generate(cookie, 'x'.repeat(4001));
    expect(long.body.error.message).toBe(AI_MESSAGES.promptTooLong);
    expect(provider.requests.length).toBe(0);
  });

  it('streams the answer word by word and keeps it in my history', async () => {
    const { cookie } = await createSignedInUser(test);
    const result = await generate(cookie, 'Write a tagline');
    expect(result.status).toBe(200);
    const deltas = result.events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBe(FAKE_REPLY.split(' ').length);
    expect(deltas.map((event) => event.text).join('')).toBe(FAKE_REPLY);
    expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(0); // arrived over time, not at once
    const done = result.events.at(-1)!;
    expect(done.type).toBe('done');

    const sent = provider.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-secret');
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true });
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Write a tagline' });

    const history = await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie });
    expect(history.json().items[0]).toMatchObject({ id: done.generationId, prompt: 'Write a tagline', response: FAKE_REPLY, status: 'completed' });
    const status = await request(test.app, { method: 'GET', url: '/api/ai/status' });
    expect(status.json()).toEqual({ configured: true, missingSettings: [] });
    expect(status.body).not.toContain('sk-test-secret');
  });

  it('reports the provider’s error as AI Generation Failed', async () => {
    const { cookie } = await createSignedInUser(test);
    const refused = await generate(cookie, 'please fail-auth');
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({ title: 'AI Generation Failed', message: 'Incorrect API key provided.' });
    const overloaded = await generate(cookie, 'please fail-server');
    expect(overloaded.body.error).toMatchObject({ title: 'AI Generation Failed', message: 'The model is overloaded.' });
  });

  it('gives up on a provider that hangs', async () => {
    const { cookie } = await createSignedInUser(test);
    const result = await generate(cookie, 'please hang');
    expect(result.status).toBe(504);
    expect(result.body.error).toMatchObject({ title: 'AI Generation Failed', message: AI_MESSAGES.timeout });
  });

  it('reports a stream that breaks midway in the stream itself', async () => {
    const { cookie } = await createSignedInUser(test);
    const result = await generate(cookie, 'please break');
    expect(result.events.filter((event) => event.type === 'delta').length).toBe(2);
    expect(result.events.at(-1)).toMatchObject({ type: 'error', title: expect.any(String) });
    const history = await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie });
    expect(history.json().items).toEqual([]);
  });

  it('keeps what was written when I press Stop', async () => {
    const { cookie } = await createSignedInUser(test);
    await generate(cookie, 'A long story', { stopAfterFirstDelta: true });
    let items: { status: string; response: string }[] = [];
    for (let i = 0; i < 50 && items.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      items = (await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie })).json().items;
    }
    expect(items[0]?.status).toBe('stopped');
    expect(FAKE_REPLY.startsWith(items[0]!.response)).toBe(true);
    expect(items[0]!.response.length).toBeLessThan(FAKE_REPLY.length);
  });

  it('lets me delete only my own generations', async () => {
    const owner = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    await generate(owner.cookie, 'Mine');
    const [item] = (await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie: owner.cookie })).json().items;
    expect((await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${item.id}`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${item.id}`, cookie: owner.cookie })).statusCode).toBe(204);
  });

  it('answers a generation that is not there with its own code', async () => {
    const { cookie } = await createSignedInUser(test);
    const missing = await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${crypto.randomUUID()}`, cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'generation_not_found', message: AI_MESSAGES.generationNotFound });
  });

  it('limits generations per user', async () => {
    const limited = await createTestApp({ AI_BASE_URL: provider.url, AI_MODEL: 'm', AI_RATE_LIMIT_MAX: '1' });
    try {
      const { cookie } = await createSignedInUser(limited);
      const post = () => request(limited.app, { method: 'POST', url: '/api/ai/generate', cookie, payload: { prompt: 'please fail-auth' } });
      expect((await post()).statusCode).toBe(502);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/Please wait \d+ seconds/);
    } finally {
      await limited.close();
    }
  });

  it('says which settings are missing when no provider is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await request(bare.app, { method: 'GET', url: '/api/ai/status' })).json()).toEqual({
        configured: false,
        missingSettings: ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'],
      });
      const { cookie } = await createSignedInUser(bare);
      const response = await request(bare.app, { method: 'POST', url: '/api/ai/generate', cookie, payload: { prompt: 'hi' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('The AI assistant is not configured on this server. Set AI_BASE_URL, AI_API_KEY, AI_MODEL.');
    } finally {
      await bare.close();
    }
  });
});

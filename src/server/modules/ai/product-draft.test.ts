import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '#shared/ai.ts';
import { AI_DRAFT_MESSAGES, parseProductDraft, PRODUCT_BRIEF_MAX } from '#shared/ai-product-draft.ts';
import { FAKE_DRAFT, fakeTranslation, startFakeOpenAI } from '../../../../e2e/fake-providers/openai.mjs';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let provider: Awaited<ReturnType<typeof startFakeOpenAI>>;
let test: TestApp;
let base: string;
beforeAll(async () => {
  provider = await startFakeOpenAI({ wordDelayMs: 5 });
  test = await createTestApp({ AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'test-model', AI_TIMEOUT_MS: '20000', AI_RATE_LIMIT_MAX: '50' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await test.close();
  await provider.close();
});

interface StreamEvent {
  type: string;
  text?: string;
  code?: string;
  generationId?: string;
}

/** POSTs to a streaming ai route over HTTP: the JSON error answer, or the events of the stream. */
async function post(url: string, cookie: string | undefined, payload: object) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(payload),
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return { status: response.status, body: await response.json(), events: [] as StreamEvent[], text: '' };
  const events = (await response.text())
    .split('\n\n')
    .flatMap((block) => /^data: (.*)$/m.exec(block)?.[1] ?? [])
    .map((data) => JSON.parse(data) as StreamEvent);
  const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
  return { status: response.status, body: undefined, events, text };
}

describe('Write with AI in the product form', () => {
  it('needs a signed-in user', async () => {
    for (const [url, payload] of [['/api/ai/product-draft', { brief: 'brushes' }], ['/api/ai/translate', { text: 'Hello', to: 'es' }]] as const) {
      const anonymous = await post(url, undefined, payload);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toMatchObject({ code: 'auth_required', message: AI_MESSAGES.auth });
    }
    expect(provider.requests.length).toBe(0);
  });

  it('streams a draft that parses into the title, tags and description, and saves nothing', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator', plan: 'pro' });
    const result = await post('/api/ai/product-draft', cookie, { brief: 'watercolor brushes for procreate', category: 'Graphics' });
    expect(result.status).toBe(200);
    expect(result.events.filter((event) => event.type === 'delta').length).toBe(FAKE_DRAFT.split(' ').length);
    expect(result.text).toBe(FAKE_DRAFT);
    expect(result.events.at(-1)).toEqual({ type: 'done' });
    expect(parseProductDraft(result.text, { complete: true })).toEqual({
      title: 'Watercolor Brush Pack',
      tags: ['Design', 'Illustration', 'Watercolor'],
      description: 'Twenty hand-made watercolor brushes for Procreate.\nEach one is tested on paper textures.',
    });

    const sent = provider.requests.at(-1)!.body.messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'watercolor brushes for procreate' });
    expect(sent[0]!.content).toContain('TITLE:');
    expect(sent[0]!.content).toContain('category is Graphics');
    // A draft goes into the form, not into the studio's history.
    expect((await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie })).json().items).toEqual([]);
  });

  it('refuses an empty or long brief with its code, before calling the provider', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator', plan: 'pro' });
    const before = provider.requests.length;
    const empty = await post('/api/ai/product-draft', cookie, { brief: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'brief_required', message: AI_DRAFT_MESSAGES.briefRequired });
    const long = await post('/api/ai/product-draft', cookie, { brief: 'x'.repeat(PRODUCT_BRIEF_MAX + 1) });
    expect(long.body.error).toMatchObject({ code: 'brief_too_long', message: AI_DRAFT_MESSAGES.briefTooLong });
    expect((await post('/api/ai/product-draft', cookie, { brief: 'x', category: 'Nope' })).status).toBe(400);
    expect(provider.requests.length).toBe(before);
  });

  it('streams a description translated into Spanish or French', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator', plan: 'pro' });
    const spanish = await post('/api/ai/translate', cookie, { text: 'Twenty brushes.', to: 'es' });
    expect(spanish.status).toBe(200);
    expect(spanish.text).toBe(fakeTranslation('Spanish', 'Twenty brushes.'));
    expect(spanish.events.at(-1)).toEqual({ type: 'done' });
    const french = await post('/api/ai/translate', cookie, { text: 'Twenty brushes.', to: 'fr' });
    expect(french.text).toBe(fakeTranslation('French', 'Twenty brushes.'));
    expect(provider.requests.at(-1)!.body.messages[0]!.content).toContain('into French');

    const empty = await post('/api/ai/translate', cookie, { text: ' ', to: 'es' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'text_required', message: AI_DRAFT_MESSAGES.textRequired });
    const long = await post('/api/ai/translate', cookie, { text: 'x'.repeat(5001), to: 'es' });
    expect(long.body.error).toMatchObject({ code: 'text_too_long', message: AI_DRAFT_MESSAGES.textTooLong });
    expect((await post('/api/ai/translate', cookie, { text: 'Hi', to: 'de' })).status).toBe(400);
  });

  it('reports a provider failure in the stream’s place', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator', plan: 'pro' });
    const refused = await post('/api/ai/product-draft', cookie, { brief: 'please fail-server' });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({ code: 'ai_failed', message: 'The model is overloaded.' });
    const broken = await post('/api/ai/translate', cookie, { text: 'please break', to: 'fr' });
    expect(broken.events.at(-1)).toMatchObject({ type: 'error', code: 'ai_error' });
    expect(broken.events.some((event) => event.type === 'done')).toBe(false);
  });

  it('counts drafts and translations against the studio’s limit', async () => {
    const limited = await createTestApp({ AI_BASE_URL: provider.url, AI_MODEL: 'm', AI_RATE_LIMIT_MAX: '2' });
    try {
      const { cookie } = await createSignedInUser(limited, { role: 'creator', plan: 'pro' });
      const other = await createSignedInUser(limited, { role: 'creator', plan: 'pro' });
      const call = (url: string, payload: object, as = cookie) => request(limited.app, { method: 'POST', url, cookie: as, payload });
      expect((await call('/api/ai/generate', { prompt: 'please fail-auth' })).statusCode).toBe(502);
      expect((await call('/api/ai/product-draft', { brief: 'please fail-auth' })).statusCode).toBe(502);
      const refused = await call('/api/ai/translate', { text: 'please fail-auth', to: 'es' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: 'rate_limited', title: AI_MESSAGES.failedTitle });
      expect(refused.json().error.message).toMatch(/^You have asked for many generations in a short time\. Please wait \d+ seconds\.$/);
      expect((await call('/api/ai/product-draft', { brief: 'please fail-auth' })).statusCode).toBe(429);
      // Per user: another creator still has theirs.
      expect((await call('/api/ai/product-draft', { brief: 'please fail-auth' }, other.cookie)).statusCode).toBe(502);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 ai_not_configured when no provider is set up', async () => {
    const bare = await createTestApp();
    try {
      const { cookie } = await createSignedInUser(bare, { role: 'creator' });
      for (const [url, payload] of [['/api/ai/product-draft', { brief: 'brushes' }], ['/api/ai/translate', { text: 'Hello', to: 'fr' }]] as const) {
        const response = await request(bare.app, { method: 'POST', url, cookie, payload });
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toMatchObject({ code: 'ai_not_configured', params: { settings: 'AI_BASE_URL, AI_API_KEY, AI_MODEL' } });
      }
    } finally {
      await bare.close();
    }
  });
});

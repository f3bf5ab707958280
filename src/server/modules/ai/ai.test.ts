import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '#shared/ai.ts';
import { PLAN_MESSAGES, PRO_AI_GENERATIONS_PER_MONTH } from '#shared/plans.ts';
import { FAKE_REPLY, startFakeOpenAI } from '../../../../e2e/fake-providers/openai.mjs';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let provider: Awaited<ReturnType<typeof startFakeOpenAI>>;
let test: TestApp;
let base: string;
beforeAll(async () => {
  provider = await startFakeOpenAI({ wordDelayMs: 15 });
  test = await createTestApp({ AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000', AI_RATE_LIMIT_MAX: '50' });
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
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
    const empty = await generate(cookie, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ title: 'Prompt Required', message: 'Please enter a prompt to get started.' });
    const long = await generate(cookie, 'x'.repeat(4001));
    expect(long.body.error.message).toBe(AI_MESSAGES.promptTooLong);
    expect(provider.requests.length).toBe(0);
  });

  it('streams the answer word by word and keeps it in my history', async () => {
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
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
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
    const refused = await generate(cookie, 'please fail-auth');
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({ title: 'AI Generation Failed', message: 'Incorrect API key provided.' });
    const overloaded = await generate(cookie, 'please fail-server');
    expect(overloaded.body.error).toMatchObject({ title: 'AI Generation Failed', message: 'The model is overloaded.' });
  });

  it('gives up on a provider that hangs', async () => {
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
    const result = await generate(cookie, 'please hang');
    expect(result.status).toBe(504);
    expect(result.body.error).toMatchObject({ title: 'AI Generation Failed', message: AI_MESSAGES.timeout });
  });

  it('reports a stream that breaks midway in the stream itself', async () => {
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
    const result = await generate(cookie, 'please break');
    expect(result.events.filter((event) => event.type === 'delta').length).toBe(2);
    expect(result.events.at(-1)).toMatchObject({ type: 'error', title: expect.any(String) });
    const history = await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie });
    expect(history.json().items).toEqual([]);
  });

  it('keeps what was written when I press Stop', async () => {
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
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
    const owner = await createSignedInUser(test, { plan: 'pro' });
    const stranger = await createSignedInUser(test, { plan: 'pro' });
    await generate(owner.cookie, 'Mine');
    const [item] = (await request(test.app, { method: 'GET', url: '/api/ai/generations', cookie: owner.cookie })).json().items;
    expect((await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${item.id}`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${item.id}`, cookie: owner.cookie })).statusCode).toBe(204);
  });

  it('answers a generation that is not there with its own code', async () => {
    const { cookie } = await createSignedInUser(test, { plan: 'pro' });
    const missing = await request(test.app, { method: 'DELETE', url: `/api/ai/generations/${crypto.randomUUID()}`, cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'generation_not_found', message: AI_MESSAGES.generationNotFound });
  });

  it('limits generations per user', async () => {
    const limited = await createTestApp({ AI_BASE_URL: provider.url, AI_MODEL: 'm', AI_RATE_LIMIT_MAX: '1' });
    try {
      const { cookie } = await createSignedInUser(limited, { plan: 'pro' });
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

describe('AI generations by plan', () => {
  const usage = async (cookie: string | undefined) => request(test.app, { method: 'GET', url: '/api/ai/usage', cookie });
  const setUsed = (userId: string, month: string, generations: number) =>
    test.database.pool.query(
      `INSERT INTO ai_usage (user_id, month, generations) VALUES ($1, $2::date, $3)
       ON CONFLICT (user_id, month) DO UPDATE SET generations = excluded.generations`,
      [userId, month, generations],
    );
  const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

  it('refuses a Free account on every AI route, naming the plan it needs, and counts nothing', async () => {
    const { cookie } = await createSignedInUser(test, { role: 'creator' });
    const before = provider.requests.length;
    const calls = [
      { url: '/api/ai/generate', payload: { prompt: 'Write a tagline' } },
      { url: '/api/ai/product-draft', payload: { brief: 'watercolor brushes' } },
      { url: '/api/ai/translate', payload: { text: 'Twenty brushes.', to: 'es' } },
    ];
    for (const call of calls) {
      const refused = await request(test.app, { method: 'POST', url: call.url, cookie, payload: call.payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'plan_required',
        title: 'Upgrade your plan',
        message: PLAN_MESSAGES.aiPlanRequired('Creator Pro'),
        params: { plan: 'Creator Pro', planId: 'pro' },
      });
    }
    expect(provider.requests.length).toBe(before);
    expect((await usage(cookie)).json()).toEqual({ plan: 'free', limit: 0, used: 0, requiredPlan: 'pro' });
  });

  it('counts a Pro account’s generations this month and refuses once the allowance is used', async () => {
    const pro = await createSignedInUser(test, { plan: 'pro' });
    expect((await usage(pro.cookie)).json()).toEqual({ plan: 'pro', limit: PRO_AI_GENERATIONS_PER_MONTH, used: 0, requiredPlan: null });
    expect((await generate(pro.cookie, 'Write a tagline')).status).toBe(200);
    // A draft in the product form counts as one too.
    const draft = await fetch(`${base}/api/ai/product-draft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: pro.cookie },
      body: JSON.stringify({ brief: 'watercolor brushes' }),
    });
    expect(draft.status).toBe(200);
    await draft.text();
    expect((await usage(pro.cookie)).json().used).toBe(2);
    // A provider that refuses before answering gives the generation back; a refused prompt never takes one.
    expect((await generate(pro.cookie, 'please fail-auth')).status).toBe(502);
    expect((await generate(pro.cookie, '  ')).status).toBe(400);
    expect((await usage(pro.cookie)).json().used).toBe(2);

    // Last month's generations do not count against this month.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    await setUsed(pro.id, lastMonth, PRO_AI_GENERATIONS_PER_MONTH);
    expect((await usage(pro.cookie)).json().used).toBe(2);

    await setUsed(pro.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH - 1);
    expect((await generate(pro.cookie, 'The last one')).status).toBe(200);
    const before = provider.requests.length;
    const refused = await generate(pro.cookie, 'One more');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'ai_limit_reached',
      title: 'Upgrade your plan',
      message: PLAN_MESSAGES.aiLimitReached(PRO_AI_GENERATIONS_PER_MONTH),
      params: { limit: PRO_AI_GENERATIONS_PER_MONTH },
    });
    const translate = await request(test.app, { method: 'POST', url: '/api/ai/translate', cookie: pro.cookie, payload: { text: 'Twenty brushes.', to: 'fr' } });
    expect(translate.json().error.code).toBe('ai_limit_reached');
    expect(provider.requests.length).toBe(before);
    expect((await usage(pro.cookie)).json()).toMatchObject({ used: PRO_AI_GENERATIONS_PER_MONTH, limit: PRO_AI_GENERATIONS_PER_MONTH });

    // Another account's allowance is its own.
    const other = await createSignedInUser(test, { plan: 'pro' });
    expect((await usage(other.cookie)).json().used).toBe(0);
    expect((await generate(other.cookie, 'Mine')).status).toBe(200);
  });

  it('never lets parallel generations pass the allowance', async () => {
    const pro = await createSignedInUser(test, { plan: 'pro' });
    await setUsed(pro.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH - 1);
    const results = await Promise.all([generate(pro.cookie, 'First'), generate(pro.cookie, 'Second'), generate(pro.cookie, 'Third')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 403, 403]);
    expect((await usage(pro.cookie)).json().used).toBe(PRO_AI_GENERATIONS_PER_MONTH);
  });

  it('gives Business unlimited generations, still counted', async () => {
    const business = await createSignedInUser(test, { plan: 'business' });
    await setUsed(business.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH * 10);
    expect((await generate(business.cookie, 'Write a tagline')).status).toBe(200);
    expect((await usage(business.cookie)).json()).toEqual({ plan: 'business', limit: null, used: PRO_AI_GENERATIONS_PER_MONTH * 10 + 1, requiredPlan: null });
  });

  it('follows a plan an admin sets', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    expect((await generate(creator.cookie, 'Write a tagline')).status).toBe(403);
    const changed = await request(test.app, { method: 'PUT', url: `/api/admin/users/${creator.id}/plan`, cookie: admin.cookie, payload: { plan: 'pro' } });
    expect(changed.statusCode).toBe(200);
    expect((await generate(creator.cookie, 'Write a tagline')).status).toBe(200);
  });

  it('tells only a signed-in user their usage', async () => {
    expect((await usage(undefined)).statusCode).toBe(401);
  });
});

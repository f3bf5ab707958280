import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES, aiAllowanceResetsOn, aiUsageMonth, englishDay } from '#shared/ai.ts';
import { FREE_AI_GENERATIONS_PER_MONTH, PLAN_MESSAGES, PRO_AI_GENERATIONS_PER_MONTH } from '#shared/plans.ts';
import { MovableClock } from '../../platform/clock.ts';
import { FAKE_REPLY, startFakeOpenAI } from '../../../../e2e/fake-providers/openai.mjs';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let provider: Awaited<ReturnType<typeof startFakeOpenAI>>;
let test: TestApp;
let base: string;
// The month a generation counts in is the app's clock's (moved to the next month by the last test).
const clock = new MovableClock();
beforeAll(async () => {
  provider = await startFakeOpenAI({ wordDelayMs: 15 });
  test = await createTestApp(
    { AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000', AI_RATE_LIMIT_MAX: '50' },
    { clock },
  );
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
  const thisMonth = () => aiUsageMonth(clock.now());
  /** The refusal once `limit` is used, naming the day it renews and the plan to upgrade to. */
  const limitReached = (limit: number, plan: { name: string; id: string }) => {
    const resetsOn = aiAllowanceResetsOn(clock.now());
    return {
      code: 'ai_limit_reached',
      title: AI_MESSAGES.limitTitle,
      message: PLAN_MESSAGES.aiLimitReached(limit, englishDay(resetsOn), plan.name),
      params: { limit, resetsOn, plan: plan.name, planId: plan.id },
    };
  };
  const draft = async (cookie: string) => {
    const response = await fetch(`${base}/api/ai/product-draft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ brief: 'watercolor brushes' }),
    });
    await response.text();
    return response.status;
  };

  it('gives a Free creator the studio with 20 generations a month, then refuses the 21st with the day it renews and the upgrade', async () => {
    const free = await createSignedInUser(test, { role: 'creator' });
    expect((await usage(free.cookie)).json()).toEqual({
      plan: 'free',
      limit: FREE_AI_GENERATIONS_PER_MONTH,
      used: 0,
      resetsOn: aiAllowanceResetsOn(clock.now()),
      upgradePlan: 'pro',
    });
    // An empty prompt is the spec's Prompt Required, and takes nothing.
    const empty = await generate(free.cookie, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'prompt_required', title: 'Prompt Required', message: 'Please enter a prompt to get started.' });

    // 20 generations: the studio's, and a product draft, each counting one.
    expect(await draft(free.cookie)).toBe(200);
    for (let index = 1; index < FREE_AI_GENERATIONS_PER_MONTH; index += 1) {
      const answer = await generate(free.cookie, `Tagline ${index}`);
      expect(answer.status).toBe(200);
      expect(answer.events.at(-1)).toMatchObject({ type: 'done' });
    }
    expect((await usage(free.cookie)).json()).toMatchObject({ used: FREE_AI_GENERATIONS_PER_MONTH, limit: FREE_AI_GENERATIONS_PER_MONTH });

    // The 21st, on any AI route: 429 before the provider is called.
    const before = provider.requests.length;
    const refused = await generate(free.cookie, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual(limitReached(FREE_AI_GENERATIONS_PER_MONTH, { name: 'Creator Pro', id: 'pro' }));
    expect(refused.body.error.message).toMatch(/^You have used all 20 AI generations of your plan this month\. They renew on \w+ 1, \d{4}; upgrade to Creator Pro for more now\.$/);
    for (const call of [
      { url: '/api/ai/product-draft', payload: { brief: 'watercolor brushes' } },
      { url: '/api/ai/translate', payload: { text: 'Twenty brushes.', to: 'es' } },
    ]) {
      const other = await request(test.app, { method: 'POST', url: call.url, cookie: free.cookie, payload: call.payload });
      expect(other.statusCode).toBe(429);
      expect(other.json().error.code).toBe('ai_limit_reached');
    }
    expect(provider.requests.length).toBe(before);
    expect((await usage(free.cookie)).json().used).toBe(FREE_AI_GENERATIONS_PER_MONTH);
  });

  it('gives users and companies without a plan the Free allowance, and admins no limit', async () => {
    for (const role of ['user', 'company']) {
      const account = await createSignedInUser(test, { role });
      expect((await usage(account.cookie)).json()).toMatchObject({ plan: 'free', limit: FREE_AI_GENERATIONS_PER_MONTH, used: 0, upgradePlan: 'pro' });
      expect((await generate(account.cookie, 'Write a tagline')).status).toBe(200);
      await setUsed(account.id, thisMonth(), FREE_AI_GENERATIONS_PER_MONTH);
      expect((await generate(account.cookie, 'Write a tagline')).status).toBe(429);
    }
    const admin = await createSignedInUser(test, { role: 'admin' });
    await setUsed(admin.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH * 10);
    expect((await generate(admin.cookie, 'Write a tagline')).status).toBe(200);
    expect((await usage(admin.cookie)).json()).toMatchObject({ limit: null, used: PRO_AI_GENERATIONS_PER_MONTH * 10 + 1, upgradePlan: null });
  });

  it('counts a Pro account’s generations this month and refuses once the allowance is used', async () => {
    const pro = await createSignedInUser(test, { plan: 'pro' });
    expect((await usage(pro.cookie)).json()).toEqual({
      plan: 'pro',
      limit: PRO_AI_GENERATIONS_PER_MONTH,
      used: 0,
      resetsOn: aiAllowanceResetsOn(clock.now()),
      upgradePlan: 'business',
    });
    expect((await generate(pro.cookie, 'Write a tagline')).status).toBe(200);
    // A draft in the product form counts as one too.
    expect(await draft(pro.cookie)).toBe(200);
    expect((await usage(pro.cookie)).json().used).toBe(2);
    // A provider that refuses before answering gives the generation back; a refused prompt never takes one.
    expect((await generate(pro.cookie, 'please fail-auth')).status).toBe(502);
    expect((await generate(pro.cookie, '  ')).status).toBe(400);
    expect((await usage(pro.cookie)).json().used).toBe(2);

    // Last month's generations do not count against this month.
    const now = clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    await setUsed(pro.id, lastMonth, PRO_AI_GENERATIONS_PER_MONTH);
    expect((await usage(pro.cookie)).json().used).toBe(2);

    await setUsed(pro.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH - 1);
    expect((await generate(pro.cookie, 'The last one')).status).toBe(200);
    const before = provider.requests.length;
    const refused = await generate(pro.cookie, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual(limitReached(PRO_AI_GENERATIONS_PER_MONTH, { name: 'Business', id: 'business' }));
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
    const free = await createSignedInUser(test, { role: 'creator' });
    await setUsed(free.id, thisMonth(), FREE_AI_GENERATIONS_PER_MONTH - 1);
    const results = await Promise.all([generate(free.cookie, 'First'), generate(free.cookie, 'Second'), generate(free.cookie, 'Third')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 429, 429]);
    expect((await usage(free.cookie)).json().used).toBe(FREE_AI_GENERATIONS_PER_MONTH);
  });

  it('gives Business unlimited generations, still counted', async () => {
    const business = await createSignedInUser(test, { plan: 'business' });
    await setUsed(business.id, thisMonth(), PRO_AI_GENERATIONS_PER_MONTH * 10);
    expect((await generate(business.cookie, 'Write a tagline')).status).toBe(200);
    expect((await usage(business.cookie)).json()).toEqual({
      plan: 'business',
      limit: null,
      used: PRO_AI_GENERATIONS_PER_MONTH * 10 + 1,
      resetsOn: aiAllowanceResetsOn(clock.now()),
      upgradePlan: null,
    });
  });

  it('follows a plan an admin sets', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    const creator = await createSignedInUser(test, { role: 'creator' });
    await setUsed(creator.id, thisMonth(), FREE_AI_GENERATIONS_PER_MONTH);
    expect((await generate(creator.cookie, 'Write a tagline')).status).toBe(429);
    const changed = await request(test.app, { method: 'PUT', url: `/api/admin/users/${creator.id}/plan`, cookie: admin.cookie, payload: { plan: 'pro' } });
    expect(changed.statusCode).toBe(200);
    expect((await generate(creator.cookie, 'Write a tagline')).status).toBe(200);
    expect((await usage(creator.cookie)).json()).toMatchObject({ plan: 'pro', used: FREE_AI_GENERATIONS_PER_MONTH + 1, limit: PRO_AI_GENERATIONS_PER_MONTH });
  });

  it('tells only a signed-in user their usage, and generates for no guest or bot', async () => {
    expect((await usage(undefined)).statusCode).toBe(401);
    const bot = await request(test.app, { method: 'POST', url: '/api/ai/generate', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, payload: { prompt: 'hello' } });
    expect(bot.statusCode).toBe(401);
    expect(bot.json().error.code).toBe('auth_required');
    expect((await request(test.app, { method: 'HEAD', url: '/api/ai/usage' })).statusCode).toBe(401);
  });

  // Last: it moves the app's clock to the next month.
  it('gives the allowance back on the first of next month, by the app’s clock', async () => {
    const free = await createSignedInUser(test, { role: 'creator' });
    await setUsed(free.id, thisMonth(), FREE_AI_GENERATIONS_PER_MONTH);
    expect((await generate(free.cookie, 'Write a tagline')).status).toBe(429);
    const { resetsOn } = (await usage(free.cookie)).json() as { resetsOn: string };

    // An hour into the first day of next month (UTC).
    clock.advanceDays((Date.parse(`${resetsOn}T01:00:00Z`) - clock.now().getTime()) / 86_400_000);
    expect(thisMonth()).toBe(resetsOn);
    expect((await usage(free.cookie)).json()).toMatchObject({ used: 0, limit: FREE_AI_GENERATIONS_PER_MONTH, resetsOn: aiAllowanceResetsOn(clock.now()) });
    expect((await generate(free.cookie, 'Write a tagline')).status).toBe(200);
    expect((await usage(free.cookie)).json().used).toBe(1);
  });
});

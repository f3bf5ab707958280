import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MAX_BYTES, DESIGN_TOO_LARGE_CODE, DESIGN_TOO_LARGE_MESSAGE, designSize, type DesignInput } from '#shared/designs.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const rectangle = { id: 'r1', type: 'rectangle', x: 40, y: 60, width: 200, height: 100, fillColor: '#EF4444', strokeColor: '#FFFFFF', strokeWidth: 1, cornerRadius: 8 };
const text = { id: 't1', type: 'text', x: 50, y: 300, text: 'Hello World', fontSize: 16, color: '#FFFFFF', fontFamily: 'Arial', textAlign: 'left', bold: true, italic: false, underline: false };

describe('designs', () => {
  it('saves, reopens, renames and deletes my designs', async () => {
    const { cookie } = await createSignedInUser(test);
    const created = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: { title: 'Launch banner', elements: [rectangle, text] } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().design;
    const opened = await request(test.app, { method: 'GET', url: `/api/designs/${id}`, cookie });
    expect(opened.json().design.elements).toEqual([{ ...rectangle, opacity: 1, rotation: 0 }, { ...text, opacity: 1, rotation: 0 }]);

    const saved = await request(test.app, { method: 'PUT', url: `/api/designs/${id}`, cookie, payload: { title: 'Launch banner', elements: [{ ...rectangle, fillColor: '#22C55E' }] } });
    expect(saved.json().design.elements).toHaveLength(1);
    const renamed = await request(test.app, { method: 'PATCH', url: `/api/designs/${id}`, cookie, payload: { title: 'Final banner' } });
    expect(renamed.json().design.title).toBe('Final banner');
    const list = await request(test.app, { method: 'GET', url: '/api/designs', cookie });
    expect(list.json().items.map((item: { title: string }) => item.title)).toEqual(['Final banner']);
    expect((await request(test.app, { method: 'DELETE', url: `/api/designs/${id}`, cookie })).statusCode).toBe(204);
    expect((await request(test.app, { method: 'GET', url: `/api/designs/${id}`, cookie })).statusCode).toBe(404);
  });

  it('keeps designs private to their owner', async () => {
    const owner = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    const { id } = (await request(test.app, { method: 'POST', url: '/api/designs', cookie: owner.cookie, payload: { title: 'Mine', elements: [] } })).json().design;
    for (const [method, payload] of [['GET', undefined], ['PUT', { title: 'x', elements: [] }], ['PATCH', { title: 'x' }], ['DELETE', undefined]] as const) {
      const response = await request(test.app, { method, url: `/api/designs/${id}`, cookie: stranger.cookie, payload });
      expect(response.statusCode).toBe(404);
    }
    expect((await request(test.app, { method: 'GET', url: '/api/designs', cookie: stranger.cookie })).json().items).toEqual([]);
    expect((await request(test.app, { method: 'GET', url: `/api/designs/${id}`, cookie: owner.cookie })).json().design.title).toBe('Mine');
    expect((await request(test.app, { method: 'GET', url: '/api/designs' })).statusCode).toBe(401);
  });

  it('refuses elements outside the spec ranges', async () => {
    const { cookie } = await createSignedInUser(test);
    const response = await request(test.app, {
      method: 'POST',
      url: '/api/designs',
      cookie,
      payload: { title: 'Bad', elements: [{ ...text, fontSize: 500 }] },
    });
    expect(response.statusCode).toBe(400);
    const empty = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: { title: ' ', elements: [] } });
    expect(empty.json().error.message).toBe('Please give the design a title.');
  });
});

// Issue #16, hole 12: a design of 15 MB was accepted.
describe('design size', () => {
  /** A design whose saved JSON is exactly `bytes` long, made of images (opacity and rotation given, so nothing is added on parsing). */
  function designOf(bytes: number, title = 'Big') {
    const image = (id: string, chars: number) => ({
      id,
      type: 'image',
      x: 0,
      y: 0,
      rotation: 0,
      opacity: 1,
      src: `data:image/png;base64,${'A'.repeat(chars)}`,
      width: 100,
      height: 100,
    });
    const count = Math.ceil(bytes / 2_900_000);
    const empty = designSize({ title, elements: Array.from({ length: count }, (_, i) => image(`i${i}`, 0)) as DesignInput['elements'] });
    const chars = bytes - empty;
    const elements = Array.from({ length: count }, (_, i) => image(`i${i}`, Math.floor(chars / count) + (i < chars % count ? 1 : 0)));
    const design = { title, elements };
    expect(designSize(design as DesignInput)).toBe(bytes);
    return design;
  }

  it('refuses a 15 MB design over real HTTP with a clear message, before reading it', async () => {
    const { cookie } = await createSignedInUser(test);
    const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/designs`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(designOf(15 * 1024 * 1024)),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toEqual({ code: DESIGN_TOO_LARGE_CODE, message: DESIGN_TOO_LARGE_MESSAGE });
    expect((await request(test.app, { method: 'GET', url: '/api/designs', cookie })).json().items).toEqual([]);
  });

  it('accepts a design of exactly 5 MB and refuses one byte more, on creating and on saving over', async () => {
    const { cookie } = await createSignedInUser(test);
    const atLimit = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: designOf(DESIGN_MAX_BYTES) });
    expect(atLimit.statusCode).toBe(201);
    const { id } = atLimit.json().design;
    const over = designOf(DESIGN_MAX_BYTES + 1, 'Bigger');
    const created = await request(test.app, { method: 'POST', url: '/api/designs', cookie, payload: over });
    expect(created.statusCode).toBe(413);
    expect(created.json().error).toEqual({ code: DESIGN_TOO_LARGE_CODE, message: DESIGN_TOO_LARGE_MESSAGE });
    const saved = await request(test.app, { method: 'PUT', url: `/api/designs/${id}`, cookie, payload: over });
    expect(saved.statusCode).toBe(413);
    expect((await request(test.app, { method: 'GET', url: `/api/designs/${id}`, cookie })).json().design.title).toBe('Big');
  });
});

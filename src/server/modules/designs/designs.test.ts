import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';

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

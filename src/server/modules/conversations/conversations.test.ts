// Direct messages (issue #22): who may start a conversation, privacy to its two members (a third
// user and an admin get 404 until a member reports it), live unread counts, block and report.
import { describe, expect, it } from 'vitest';
import type { Conversations, ConversationThread } from '#shared/conversations-api.ts';
import { userChannel, type RealtimeEvents } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN, waitFor } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';

const app = listeningTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) => request(app.test.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const start = (cookie: string, userId: string) => call('POST', '/api/conversations', cookie, { userId });
const send = (cookie: string, id: string, text: string) => call('POST', `/api/conversations/${id}/messages`, cookie, { text });
const inbox = async (cookie: string) => (await call('GET', '/api/conversations', cookie)).json() as Conversations;
const unread = async (cookie: string) => ((await call('GET', '/api/conversations/unread', cookie)).json() as { unreadCount: number }).unreadCount;

/** A creator and a signed-in buyer of one of their products. */
async function buyerAndCreator() {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Cleo Creator' });
  const buyer = await createSignedInUser(app.test, { name: 'Ben Buyer' });
  const product = await createProduct(app.base, creator.cookie, { name: 'Brush Pack' });
  await buy(app.test, buyer.email, [product.id], buyer.cookie);
  return { creator, buyer };
}

async function conversationOf(cookie: string, userId: string): Promise<string> {
  const started = await start(cookie, userId);
  expect(started.statusCode, started.body).toBe(200);
  return started.json().conversation.id as string;
}

describe('starting a conversation', () => {
  it('lets a buyer and their creator talk, in one conversation per pair, and refuses strangers and oneself', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const stranger = await createSignedInUser(app.test, { name: 'Stan Stranger' });
    const id = await conversationOf(buyer.cookie, creator.id);
    expect(id).toMatch(/^conv_[A-Za-z0-9]{20}$/);
    expect(await conversationOf(creator.cookie, buyer.id)).toBe(id);
    expect(await conversationOf(buyer.cookie, creator.id)).toBe(id);
    const refused = await start(stranger.cookie, creator.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('conversation_not_allowed');
    expect((await start(buyer.cookie, buyer.id)).json().error.code).toBe('conversation_with_self');
    expect((await start(buyer.cookie, 'user-that-does-not-exist')).statusCode).toBe(404);
    expect((await request(app.test.app, { method: 'POST', url: '/api/conversations', payload: { userId: creator.id } })).statusCode).toBe(401);
  });

  it('lets an applicant and the company talk', async () => {
    const company = await createSignedInUser(app.test, { role: 'company', name: 'Northwind' });
    const applicant = await createSignedInUser(app.test, { name: 'Ann Applicant' });
    const other = await createSignedInUser(app.test, { name: 'Otto Other' });
    const posted = await call('POST', '/api/jobs', company.cookie, { title: 'Editor', companyName: 'Northwind', location: 'Remote', description: 'Edit.', skills: '', employmentType: 'Contract' });
    const form = new FormData();
    form.append('message', 'Hire me');
    const applied = await fetch(`${app.base}/api/jobs/${posted.json().job.id}/applications`, { method: 'POST', headers: { cookie: applicant.cookie, origin: TEST_ORIGIN }, body: form });
    expect(applied.status).toBe(201);
    expect((await start(company.cookie, applicant.id)).statusCode).toBe(200);
    expect((await start(applicant.cookie, company.id)).statusCode).toBe(200);
    expect((await start(other.cookie, company.id)).statusCode).toBe(403);
  });

  it('lets two community members talk once they follow each other, not before', async () => {
    const ann = await createSignedInUser(app.test, { name: 'Ann' });
    const bob = await createSignedInUser(app.test, { name: 'Bob' });
    expect((await call('PUT', `/api/users/${bob.id}/follow`, ann.cookie)).statusCode).toBe(200);
    expect((await start(ann.cookie, bob.id)).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${ann.id}/follow`, bob.cookie)).statusCode).toBe(200);
    expect((await start(ann.cookie, bob.id)).statusCode).toBe(200);
  });
});

describe('a conversation', () => {
  it('is private to its two members: a third user and an admin get 404 on every route while it is not reported', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const id = await conversationOf(buyer.cookie, creator.id);
    expect((await send(buyer.cookie, id, 'Hello, does it work in Krita?')).statusCode).toBe(201);
    const third = await createSignedInUser(app.test, { name: 'Theo Third' });
    const admin = await createSignedInUser(app.test, { role: 'admin', name: 'Ada Admin' });
    for (const outsider of [third, admin]) {
      for (const [method, url, payload] of [
        ['GET', `/api/conversations/${id}`],
        ['POST', `/api/conversations/${id}/messages`, { text: 'Let me in' }],
        ['POST', `/api/conversations/${id}/read`],
        ['POST', `/api/conversations/${id}/block`],
        ['DELETE', `/api/conversations/${id}/block`],
        ['POST', `/api/conversations/${id}/report`, { reason: 'x' }],
      ] as const) {
        const response = await call(method, url, outsider.cookie, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('conversation_not_found');
      }
      expect((await inbox(outsider.cookie)).items).toEqual([]);
    }
    expect((await call('GET', `/api/admin/conversations/${id}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/conversations', admin.cookie)).json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await call('GET', '/api/admin/conversations', third.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/conversations/${id}`, third.cookie)).statusCode).toBe(403);
    // Nothing was written by the outsiders.
    const thread = (await call('GET', `/api/conversations/${id}`, creator.cookie)).json() as ConversationThread;
    expect(thread.messages.map((message) => message.text)).toEqual(['Hello, does it work in Krita?']);
  });

  it('counts unread messages live on each member’s stream, and reading clears them', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const id = await conversationOf(buyer.cookie, creator.id);
    const heard: RealtimeEvents['conversations.changed'][] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(creator.id)], (event) => {
      if (event.type === 'conversations.changed') heard.push(event.data as RealtimeEvents['conversations.changed']);
    });
    try {
      await send(buyer.cookie, id, 'One');
      await send(buyer.cookie, id, 'Two');
      await waitFor('two events', () => heard.length >= 2);
      expect(heard.at(-1)).toEqual({ conversationId: id, unreadCount: 2 });
      expect(await unread(creator.cookie)).toBe(2);
      expect(await unread(buyer.cookie)).toBe(0);
      const listed = await inbox(creator.cookie);
      expect(listed.unreadCount).toBe(2);
      expect(listed.items[0]).toMatchObject({ id, other: { id: buyer.id, name: 'Ben Buyer' }, unreadCount: 2, lastMessage: { text: 'Two', senderId: buyer.id } });
      expect((await call('POST', `/api/conversations/${id}/read`, creator.cookie)).statusCode).toBe(204);
      await waitFor('the read event', () => heard.at(-1)?.unreadCount === 0);
      expect(await unread(creator.cookie)).toBe(0);
      await send(creator.cookie, id, 'Answer');
      expect(await unread(buyer.cookie)).toBe(1);
      const thread = (await call('GET', `/api/conversations/${id}`, buyer.cookie)).json() as ConversationThread;
      expect(thread.messages.map((message) => [message.senderId, message.text])).toEqual([
        [buyer.id, 'One'],
        [buyer.id, 'Two'],
        [creator.id, 'Answer'],
      ]);
    } finally {
      stop();
    }
  });

  it('refuses empty and too long messages', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const id = await conversationOf(buyer.cookie, creator.id);
    expect((await send(buyer.cookie, id, '   ')).json().error.code).toBe('conversation_empty');
    expect((await send(buyer.cookie, id, 'x'.repeat(4001))).json().error.code).toBe('conversation_message_too_long');
  });

  it('stops a blocked user from writing, and the blocker too, until unblocked', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const id = await conversationOf(buyer.cookie, creator.id);
    const blocked = await call('POST', `/api/conversations/${id}/block`, creator.cookie);
    expect(blocked.json().conversation).toMatchObject({ blockedByMe: true, blockedMe: false });
    const refused = await send(buyer.cookie, id, 'Please answer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('conversation_blocked');
    expect((await inbox(buyer.cookie)).items[0]).toMatchObject({ blockedMe: true });
    expect((await send(creator.cookie, id, 'Bye')).json().error.code).toBe('conversation_you_blocked');
    expect((await call('DELETE', `/api/conversations/${id}/block`, creator.cookie)).json().conversation.blockedByMe).toBe(false);
    expect((await send(buyer.cookie, id, 'Thanks')).statusCode).toBe(201);
  });

  it('once reported by a member, is listed for admins, who can read that conversation only', async () => {
    const { creator, buyer } = await buyerAndCreator();
    const id = await conversationOf(buyer.cookie, creator.id);
    await send(creator.cookie, id, 'Buy my other pack or else');
    const other = await buyerAndCreator();
    const otherId = await conversationOf(other.buyer.cookie, other.creator.id);
    await send(other.buyer.cookie, otherId, 'Private question');
    const reported = await call('POST', `/api/conversations/${id}/report`, buyer.cookie, { reason: 'Threats' });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().conversation.reportedByMe).toBe(true);
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const list = (await call('GET', '/api/admin/conversations', admin.cookie)).json();
    expect(list.items).toEqual([expect.objectContaining({ id, reason: 'Threats', reporter: expect.objectContaining({ id: buyer.id, name: 'Ben Buyer' }) })]);
    const read = await call('GET', `/api/admin/conversations/${id}`, admin.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((message: { text: string }) => message.text)).toEqual(['Buy my other pack or else']);
    expect(read.json().members.map((member: { id: string }) => member.id).sort()).toEqual([buyer.id, creator.id].sort());
    // The member routes stay the members': the admin reads through the admin route only, and only this one.
    expect((await call('GET', `/api/conversations/${id}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/conversations/${otherId}`, admin.cookie)).statusCode).toBe(404);
    const { rows } = await app.test.database.pool.query(`SELECT action FROM audit_log WHERE target_id = $1`, [id]);
    expect(rows).toEqual([{ action: 'conversation.read' }]);
  });
});

// Message attachments (issue #22): an image or a video by the community posts' upload rules, in the
// sender's storage quota, readable by the conversation's two members only (and an admin once a
// member reported it); anyone else 404.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ConversationThread } from '#shared/conversations-api.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';

const app = listeningTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) => request(app.test.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const png = (width = 40) => sharp({ create: { width, height: 30, channels: 3, background: '#22c55e' } }).png().toBuffer();

/** Two members who follow each other, and their conversation. */
async function pair() {
  const ann = await createSignedInUser(app.test, { name: 'Ann Attach' });
  const bob = await createSignedInUser(app.test, { name: 'Bob Attach' });
  expect((await call('PUT', `/api/users/${bob.id}/follow`, ann.cookie)).statusCode).toBe(200);
  expect((await call('PUT', `/api/users/${ann.id}/follow`, bob.cookie)).statusCode).toBe(200);
  const started = await call('POST', '/api/conversations', ann.cookie, { userId: bob.id });
  expect(started.statusCode, started.body).toBe(200);
  return { ann, bob, id: started.json().conversation.id as string };
}

async function sendFile(cookie: string | undefined, id: string, parts: { text?: string; image?: Blob; video?: Blob; name?: string }) {
  const form = new FormData();
  if (parts.text) form.append('text', parts.text);
  if (parts.image) form.append('image', parts.image, parts.name ?? 'photo.png');
  if (parts.video) form.append('video', parts.video, parts.name ?? 'clip.mp4');
  const response = await fetch(`${app.base}/api/conversations/${id}/attachments`, { method: 'POST', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: form });
  return { status: response.status, body: (await response.json()) as { message: ConversationMessage; error: { code: string } } };
}

const usedBytes = async (cookie: string) => ((await call('GET', '/api/profile/storage', cookie)).json() as { usedBytes: number }).usedBytes;

describe('message attachments', () => {
  it('sends an image with a message, shown in the conversation and readable by its two members only', async () => {
    const { ann, bob, id } = await pair();
    const third = await createSignedInUser(app.test, { name: 'Third' });
    const admin = await createSignedInUser(app.test, { role: 'admin', name: 'Ada Attach' });
    const before = await usedBytes(ann.cookie);

    const sent = await sendFile(ann.cookie, id, { text: 'The sketch', image: new Blob([await png()]), name: 'sketch.png' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ text: 'The sketch', attachment: { kind: 'image', name: 'sketch.webp' } });
    const { url, size } = sent.body.message.attachment!;
    expect(await usedBytes(ann.cookie)).toBe(before + size); // in the sender's storage quota

    const thread = (await call('GET', `/api/conversations/${id}`, bob.cookie)).json() as ConversationThread;
    expect(thread.messages.at(-1)).toMatchObject({ attachment: { url, kind: 'image' } });
    expect(thread.conversation.lastMessage?.attachment).toMatchObject({ url });
    for (const member of [ann, bob]) {
      const file = await call('GET', url, member.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    }
    // A third user and an admin (not reported): 404, like a file that does not exist; signed out: 401.
    for (const outsider of [third, admin]) expect((await call('GET', url, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    // Nor can they post into it.
    expect((await sendFile(third.cookie, id, { image: new Blob([await png()]) })).status).toBe(404);
    expect((await sendFile(undefined, id, { image: new Blob([await png()]) })).status).toBe(401);
    // Another conversation's id with this message's number: 404.
    const other = await pair();
    expect(url).toBe(`/api/conversations/${id}/attachments/${sent.body.message.id}`);
    expect((await call('GET', `/api/conversations/${other.id}/attachments/${sent.body.message.id}`, other.ann.cookie)).statusCode).toBe(404);

    // Once a member reports it, an admin can read it (in the audit log); the third user still cannot.
    expect((await call('POST', `/api/conversations/${id}/report`, bob.cookie, { reason: 'Spam' })).statusCode).toBe(200);
    expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', url, third.cookie)).statusCode).toBe(404);
    const { rows } = await app.test.database.pool.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'conversation.read' AND target_id = $2`, [admin.id, id]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('applies the posts’ upload rules: an image checked by content, one media type, size limits, the quota', async () => {
    const { ann, id } = await pair();
    const fake = await sendFile(ann.cookie, id, { image: new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }) });
    expect(fake.status).toBe(415);
    expect(fake.body.error.code).toBe('message_invalid_image');
    const both = await sendFile(ann.cookie, id, { image: new Blob([await png()]), video: new Blob([Buffer.alloc(100)]) });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('message_image_or_video');
    const notVideo = await sendFile(ann.cookie, id, { video: new Blob([Buffer.from('not a video at all')]) });
    expect(notVideo.status).toBe(415);
    expect(notVideo.body.error.code).toBe('message_invalid_video');
    const tooLarge = await sendFile(ann.cookie, id, { image: new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)]) });
    expect(tooLarge.status).toBe(413);
    // Over the sender's quota: refused, nothing stored.
    await app.test.database.pool.query(`INSERT INTO stored_files (bucket, key, user_id, size) VALUES ('product-files', $1, $2, $3)`, [
      `filler-${ann.id}`,
      ann.id,
      10 * 1024 * 1024 * 1024,
    ]);
    const before = await usedBytes(ann.cookie);
    const over = await sendFile(ann.cookie, id, { image: new Blob([await png()]) });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('storage_quota_exceeded');
    expect(await usedBytes(ann.cookie)).toBe(before);
    const thread = (await call('GET', `/api/conversations/${id}`, ann.cookie)).json() as ConversationThread;
    expect(thread.messages).toEqual([]);
  });
});

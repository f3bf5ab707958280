import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX, COMMUNITY_MESSAGES, POST_TEXT_MAX } from '#shared/community.ts';
import { PUBLIC_CHANNEL } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';

const app = listeningTestApp();

async function post(cookie: string | undefined, fields: { content?: string; image?: Blob; video?: Blob }) {
  const form = new FormData();
  if (fields.content !== undefined) form.append('content', fields.content);
  if (fields.image) form.append('image', fields.image, 'photo.png');
  if (fields.video) form.append('video', fields.video, 'clip.mp4');
  const response = await fetch(`${app.base}/api/posts`, { method: 'POST', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: form });
  return { status: response.status, body: await response.json() };
}
const feed = async (feedName: string, cookie?: string, cursor?: string) =>
  (await request(app.test.app, { method: 'GET', url: `/api/posts?feed=${feedName}&limit=10${cursor ? `&cursor=${cursor}` : ''}`, cookie })).json();
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#22c55e' } }).png().toBuffer();
// The first bytes of an MP4 file: a box of type "ftyp".
const mp4 = () => new Blob([Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)])]);

describe('posting', () => {
  it('needs text, an image or a video, with the spec messages', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const empty = await post(cookie, { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(COMMUNITY_MESSAGES.emptyPost);
    expect((await post(undefined, { content: 'hi' })).status).toBe(401);
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const badImage = await post(cookie, { image: html });
    expect(badImage.status).toBe(415);
    expect(badImage.body.error.message).toBe(COMMUNITY_MESSAGES.invalidImage);
    const badVideo = await post(cookie, { video: new Blob(['not a video at all']) });
    expect(badVideo.status).toBe(415);
    expect(badVideo.body.error.message).toBe(COMMUNITY_MESSAGES.invalidVideo);
  });

  it('keeps text verbatim (the page shows it as text, never as HTML) and stores checked media', async () => {
    const { cookie } = await createSignedInUser(app.test);
    const content = '<script>alert(1)</script> <img src=x onerror=alert(2)> https://example.com';
    const text = await post(cookie, { content });
    expect(text.status).toBe(201);
    expect(text.body.post).toMatchObject({ content, imageUrl: null, videoUrl: null, likeCount: 0, canDelete: true });
    expect(text.body.post.id).toMatch(/^post_[A-Za-z0-9]{20}$/);
    const image = await post(cookie, { content: 'With a picture', image: new Blob([await png()]) });
    expect(image.body.post.imageUrl).toMatch(/^\/media\/post-media\/.+\.webp$/);
    const served = await request(app.test.app, { method: 'GET', url: image.body.post.imageUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    const video = await post(cookie, { video: mp4() });
    expect(video.body.post.videoUrl).toMatch(/\.mp4$/);
    expect((await request(app.test.app, { method: 'GET', url: video.body.post.videoUrl })).headers['content-type']).toBe('video/mp4');
  });

  it('lets only the author (or an admin) delete a post', async () => {
    const author = await createSignedInUser(app.test);
    const other = await createSignedInUser(app.test);
    const { post: created } = (await post(author.cookie, { content: 'Delete me?' })).body;
    const refused = await request(app.test.app, { method: 'DELETE', url: `/api/posts/${created.id}`, cookie: other.cookie });
    expect(refused.statusCode).toBe(403);
    const seen = await request(app.test.app, { method: 'GET', url: `/api/posts/${created.id}`, cookie: other.cookie });
    expect(seen.json().post).toMatchObject({ content: 'Delete me?', canDelete: false });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/posts/${created.id}`, cookie: admin.cookie })).statusCode).toBe(204);
    expect((await request(app.test.app, { method: 'GET', url: `/api/posts/${created.id}` })).statusCode).toBe(404);
  });

  it('refuses with the shared messages and their own codes', async () => {
    const author = await createSignedInUser(app.test);
    const other = await createSignedInUser(app.test);
    const long = await post(author.cookie, { content: 'x'.repeat(POST_TEXT_MAX + 1) });
    expect(long.body.error).toEqual({ code: 'post_too_long', message: COMMUNITY_MESSAGES.postTooLong });
    const both = await post(author.cookie, { image: new Blob([await png()]), video: mp4() });
    expect(both.body.error).toEqual({ code: 'image_or_video', message: COMMUNITY_MESSAGES.imageOrVideo });
    const { post: created } = (await post(author.cookie, { content: 'Mine' })).body;
    const refused = await request(app.test.app, { method: 'DELETE', url: `/api/posts/${created.id}`, cookie: other.cookie });
    expect(refused.json().error).toEqual({ code: 'not_post_author', message: COMMUNITY_MESSAGES.authorOnly });
    const comment = await request(app.test.app, { method: 'POST', url: `/api/posts/${created.id}/comments`, cookie: other.cookie, payload: { text: 'x'.repeat(COMMENT_TEXT_MAX + 1) } });
    expect(comment.json().error).toEqual({ code: 'comment_too_long', message: COMMUNITY_MESSAGES.commentTooLong });
  });
});

describe('likes and comments', () => {
  it('counts a like once per user, even under concurrent clicks', async () => {
    const author = await createSignedInUser(app.test);
    const fan = await createSignedInUser(app.test);
    const { post: created } = (await post(author.cookie, { content: 'Like me' })).body;
    const like = () => request(app.test.app, { method: 'PUT', url: `/api/posts/${created.id}/like`, cookie: fan.cookie });
    const results = await Promise.all(Array.from({ length: 20 }, like));
    expect(results.every((result) => result.statusCode === 200)).toBe(true);
    const after = await request(app.test.app, { method: 'GET', url: `/api/posts/${created.id}`, cookie: fan.cookie });
    expect(after.json().post).toMatchObject({ likeCount: 1, likedByMe: true });
    const unlikes = await Promise.all(Array.from({ length: 5 }, () => request(app.test.app, { method: 'DELETE', url: `/api/posts/${created.id}/like`, cookie: fan.cookie })));
    expect(unlikes.at(-1)!.json()).toEqual({ liked: false, likeCount: 0 });
    expect((await request(app.test.app, { method: 'GET', url: `/api/posts/${created.id}` })).json().post.likeCount).toBe(0);
  });

  it('adds comments with the spec messages and announces them live', async () => {
    const author = await createSignedInUser(app.test);
    const friend = await createSignedInUser(app.test, { name: 'Friendly Fan' });
    const { post: created } = (await post(author.cookie, { content: 'Comment here' })).body;
    const events: unknown[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([PUBLIC_CHANNEL], (event) => event.type === 'posts.updated' && events.push(event.data));
    const empty = await request(app.test.app, { method: 'POST', url: `/api/posts/${created.id}/comments`, cookie: friend.cookie, payload: { text: '  ' } });
    expect(empty.json().error.message).toBe(COMMUNITY_MESSAGES.emptyComment);
    const added = await request(app.test.app, { method: 'POST', url: `/api/posts/${created.id}/comments`, cookie: friend.cookie, payload: { text: '<b>Nice</b>' } });
    expect(added.statusCode).toBe(201);
    const comments = await request(app.test.app, { method: 'GET', url: `/api/posts/${created.id}/comments` });
    expect(comments.json().items).toMatchObject([{ text: '<b>Nice</b>', author: { name: 'Friendly Fan' } }]);
    const deadline = Date.now() + 3000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(events).toContainEqual({ id: created.id, commentCount: 1 });
  });
});

describe('feeds and follows', () => {
  it('follows with the spec messages, and the Following feed shows followed authors only', async () => {
    const a = await createSignedInUser(app.test, { name: 'Author A' });
    const b = await createSignedInUser(app.test, { name: 'Reader B' });
    const { post: fromA } = (await post(a.cookie, { content: 'From A' })).body;
    const follow = (cookie: string | undefined, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
      request(app.test.app, { method, url: `/api/users/${id}/follow`, cookie });
    expect((await follow(undefined, a.id)).json().error.message).toBe(COMMUNITY_MESSAGES.notLoggedIn);
    expect((await follow(b.cookie, b.id)).json().error.message).toBe(COMMUNITY_MESSAGES.cannotFollowSelf);
    expect((await follow(b.cookie, 'no-such-user')).json().error.message).toBe(COMMUNITY_MESSAGES.userNotFound);
    expect((await feed('following', b.cookie)).items).toEqual([]);
    expect((await follow(b.cookie, a.id)).json()).toEqual({ followers: 1, following: 0, isFollowing: true, followsMe: false });
    expect((await follow(b.cookie, a.id)).json().followers).toBe(1);
    const following = await feed('following', b.cookie);
    expect(following.items.map((item: { id: string }) => item.id)).toEqual([fromA.id]);
    expect((await request(app.test.app, { method: 'GET', url: `/api/users/${b.id}/follows` })).json()).toMatchObject({ followers: 0, following: 1 });
    expect((await follow(b.cookie, a.id, 'DELETE')).json()).toEqual({ followers: 0, following: 0, isFollowing: false, followsMe: false });
  });

  it('orders Popular by likes plus comments and pages every feed with a cursor', async () => {
    const writer = await createSignedInUser(app.test);
    const fans = await Promise.all([0, 1, 2].map(() => createSignedInUser(app.test)));
    const created: string[] = [];
    for (let i = 0; i < 25; i++) created.push((await post(writer.cookie, { content: `Paged ${i}` })).body.post.id);
    for (const fan of fans) await request(app.test.app, { method: 'PUT', url: `/api/posts/${created[3]}/like`, cookie: fan.cookie });
    await request(app.test.app, { method: 'POST', url: `/api/posts/${created[7]}/comments`, cookie: fans[0]!.cookie, payload: { text: 'one' } });
    await request(app.test.app, { method: 'POST', url: `/api/posts/${created[7]}/comments`, cookie: fans[1]!.cookie, payload: { text: 'two' } });
    const popular = await feed('popular');
    expect(popular.items.slice(0, 2).map((item: { id: string }) => item.id)).toEqual([created[3], created[7]]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await feed('all', undefined, cursor);
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const mine = seen.filter((id) => created.includes(id));
    expect(mine).toEqual([...created].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages the Following feed across followed authors, newest first, without others', async () => {
    const [first, second, stranger, reader] = await Promise.all([0, 1, 2, 3].map(() => createSignedInUser(app.test)));
    const followed: string[] = [];
    for (let i = 0; i < 12; i++) {
      followed.push((await post(i % 3 === 0 ? second!.cookie : first!.cookie, { content: `Followed ${i}` })).body.post.id);
      await post(stranger!.cookie, { content: `Stranger ${i}` });
    }
    for (const author of [first!, second!]) await request(app.test.app, { method: 'PUT', url: `/api/users/${author.id}/follow`, cookie: reader!.cookie });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await feed('following', reader!.cookie, cursor);
      expect(page.items.length).toBeLessThanOrEqual(10);
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...followed].reverse());
  });
});

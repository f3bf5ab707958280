// The community's and ZerriJobs' notifications (issue #22): comment, like, follow, mention,
// application received and viewed; the e-mail switch, and the daily digest instead of one mail each.
import { describe, expect, it } from 'vitest';
import type { Notifications } from '#shared/notifications-api.ts';
import { createSignedInUser, listeningTestApp, mailSent, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { sendDigests } from './service.ts';

const app = listeningTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, cookie: string, payload?: object) =>
  request(app.test.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const inbox = async (cookie: string) => {
  const response = await call('GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Notifications;
};
const kinds = async (cookie: string) => (await inbox(cookie)).items.map((item) => item.kind);
/** The text of every mail to `email`, oldest first, once every due mail is sent. */
const mailsTo = async (email: string) => {
  await mailSent(app.test.database);
  const { rows } = await app.test.database.pool.query<{ text: string }>(`SELECT text FROM dev_mailbox WHERE "to" = $1 ORDER BY id`, [email]);
  return rows.map((row) => row.text);
};
const user = async (name: string, role = 'creator') => {
  const made = await createSignedInUser(app.test, { role, name });
  const profile = (await call('GET', '/api/profile', made.cookie)).json();
  return { ...made, name, slug: (profile.profile ?? profile).storefrontSlug as string };
};
const setSwitches = (cookie: string, notifications: { emailNotifications: boolean; pushNotifications: boolean; emailDigest?: 'each' | 'daily' }) =>
  call('PATCH', '/api/profile', cookie, { notifications });

async function newPost(cookie: string, content: string): Promise<string> {
  const form = new FormData();
  form.append('content', content);
  const response = await fetch(`${app.base}/api/posts`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}
const comment = (cookie: string, postId: string, text: string) => call('POST', `/api/posts/${postId}/comments`, cookie, { text });

describe('community notifications', () => {
  it('tells the author of a comment by someone else, with its mail, and not of their own', async () => {
    const author = await user('Ada Author');
    const reader = await user('Rex Reader');
    const postId = await newPost(author.cookie, 'My first post');
    expect((await comment(reader.cookie, postId, 'Nice one')).statusCode).toBe(201);
    expect((await comment(author.cookie, postId, 'Thanks!')).statusCode).toBe(201);
    const { items, unreadCount } = await inbox(author.cookie);
    expect(unreadCount).toBe(1);
    expect(items).toEqual([expect.objectContaining({ kind: 'comment', data: { actorName: 'Rex Reader', link: `/dashboard/zerrijobs/posts/${postId}` } })]);
    const mails = await mailsTo(author.email);
    expect(mails.filter((text) => text.startsWith('Rex Reader commented on your post'))).toHaveLength(1);
    expect(await kinds(reader.cookie)).toEqual([]);
  });

  it('tells of a like once: like, unlike and like again is one notification and one mail', async () => {
    const author = await user('Lia Liked');
    const fan = await user('Fay Fan');
    const postId = await newPost(author.cookie, 'Like me');
    for (const method of ['PUT', 'DELETE', 'PUT', 'PUT'] as const) expect((await call(method, `/api/posts/${postId}/like`, fan.cookie)).statusCode).toBe(200);
    expect((await call('PUT', `/api/posts/${postId}/like`, author.cookie)).statusCode).toBe(200);
    expect(await kinds(author.cookie)).toEqual(['like']);
    expect((await inbox(author.cookie)).items[0]!.data).toEqual({ actorName: 'Fay Fan', link: `/dashboard/zerrijobs/posts/${postId}` });
    expect((await mailsTo(author.email)).filter((text) => text.startsWith('Fay Fan liked your post'))).toHaveLength(1);
  });

  it('tells of a new follower once, however often they unfollow and follow again', async () => {
    const star = await user('Sam Star');
    const follower = await user('Flo Follower');
    for (const method of ['PUT', 'DELETE', 'PUT'] as const) expect((await call(method, `/api/users/${star.id}/follow`, follower.cookie)).statusCode).toBe(200);
    expect((await inbox(star.cookie)).items).toEqual([expect.objectContaining({ kind: 'follow', data: expect.objectContaining({ actorName: 'Flo Follower' }) })]);
    expect((await mailsTo(star.email)).filter((text) => text.startsWith('Flo Follower followed you'))).toHaveLength(1);
  });

  it('tells an existing user mentioned as @slug in a post or a comment, never the writer, never an e-mail address', async () => {
    const writer = await user('Wen Writer');
    const named = await user('Nia Named');
    const bystander = await user('Bo Bystander');
    const postId = await newPost(writer.cookie, `Thanks @${named.slug} and @${writer.slug}! Ask @nobody-here-at-all or mail team@${bystander.slug}.com`);
    let { items } = await inbox(named.cookie);
    expect(items).toEqual([expect.objectContaining({ kind: 'mention', data: { actorName: 'Wen Writer', link: `/dashboard/zerrijobs/posts/${postId}` } })]);
    expect(await kinds(writer.cookie)).toEqual([]);
    expect(await kinds(bystander.cookie)).toEqual([]);
    // In a comment: the mentioned user is told; the post's author hears of the comment only, once.
    expect((await comment(named.cookie, postId, `@${bystander.slug} @${writer.slug} look`)).statusCode).toBe(201);
    expect(await kinds(bystander.cookie)).toEqual(['mention']);
    expect(await kinds(writer.cookie)).toEqual(['comment']);
    ({ items } = await inbox(named.cookie));
    expect(items).toHaveLength(1);
    expect((await mailsTo(named.email)).filter((text) => text.startsWith('Wen Writer mentioned you'))).toHaveLength(1);
  });
});

describe('ZerriJobs notifications', () => {
  async function jobWithApplicant() {
    const company = await user('Northwind', 'company');
    const applicant = await user('Ann Applicant');
    const posted = await call('POST', '/api/jobs', company.cookie, {
      title: 'Motion Designer',
      companyName: 'Northwind Studio',
      location: 'Remote',
      description: 'Animate things.',
      skills: 'After Effects',
      employmentType: 'Contract',
    });
    const jobId = posted.json().job.id as string;
    const form = new FormData();
    form.append('message', 'I would love to help.');
    const applied = await fetch(`${app.base}/api/jobs/${jobId}/applications`, { method: 'POST', headers: { cookie: applicant.cookie, origin: TEST_ORIGIN }, body: form });
    expect(applied.status).toBe(201);
    return { company, applicant, jobId };
  }

  it('tells the company of an application, and the applicant once when the company first opens it', async () => {
    const { company, applicant, jobId } = await jobWithApplicant();
    expect((await inbox(company.cookie)).items).toEqual([
      expect.objectContaining({ kind: 'application', data: { actorName: 'Ann Applicant', title: 'Motion Designer', link: `/dashboard/zerrijobs/jobs/${jobId}#applications` } }),
    ]);
    expect((await mailsTo(company.email)).filter((text) => text.startsWith('New application to Motion Designer from Ann Applicant'))).toHaveLength(1);
    expect(await kinds(applicant.cookie)).toEqual([]);
    for (let opened = 0; opened < 2; opened += 1) expect((await call('GET', `/api/jobs/${jobId}/applications`, company.cookie)).statusCode).toBe(200);
    expect((await inbox(applicant.cookie)).items).toEqual([
      expect.objectContaining({ kind: 'application_viewed', data: { title: 'Motion Designer', link: `/dashboard/zerrijobs/jobs/${jobId}` } }),
    ]);
    expect((await mailsTo(applicant.email)).filter((text) => text.startsWith('Your application to Motion Designer was viewed'))).toHaveLength(1);
  });
});

describe('the Settings switches', () => {
  it('lists every kind but sends no mail while the e-mail switch is off', async () => {
    const quiet = await user('Quinn Quiet', 'company');
    expect((await setSwitches(quiet.cookie, { emailNotifications: false, pushNotifications: false })).statusCode).toBe(200);
    const other = await user('Olly Other');
    const postId = await newPost(quiet.cookie, 'Quiet post');
    await comment(other.cookie, postId, 'Hi');
    await newPost(other.cookie, `Hello @${quiet.slug}`);
    await call('PUT', `/api/posts/${postId}/like`, other.cookie);
    await call('PUT', `/api/users/${quiet.id}/follow`, other.cookie);
    const posted = await call('POST', '/api/jobs', quiet.cookie, { title: 'Quiet job', companyName: 'Q', location: 'Remote', description: 'Shh.', skills: '', employmentType: 'Contract' });
    const form = new FormData();
    form.append('message', 'Hello');
    await fetch(`${app.base}/api/jobs/${posted.json().job.id}/applications`, { method: 'POST', headers: { cookie: other.cookie, origin: TEST_ORIGIN }, body: form });
    expect((await kinds(quiet.cookie)).sort()).toEqual(['application', 'comment', 'follow', 'like', 'mention']);
    const mails = await mailsTo(quiet.email);
    expect(mails.filter((text) => !text.includes('confirm') && !/verif/i.test(text))).toEqual([]);
  });

  it('keeps the digest choice when a client saves only the two switches', async () => {
    const person = await user('Pat Partial');
    expect((await setSwitches(person.cookie, { emailNotifications: true, pushNotifications: false, emailDigest: 'daily' })).statusCode).toBe(200);
    expect((await setSwitches(person.cookie, { emailNotifications: true, pushNotifications: true })).statusCode).toBe(200);
    const profile = (await call('GET', '/api/profile', person.cookie)).json();
    expect((profile.profile ?? profile).notifications).toEqual({ emailNotifications: true, pushNotifications: true, emailDigest: 'daily' });
  });

  it('sends one daily digest of the unread notifications of the last day instead of one mail each', async () => {
    const busy = await user('Dee Digest');
    expect((await setSwitches(busy.cookie, { emailNotifications: true, pushNotifications: false, emailDigest: 'daily' })).statusCode).toBe(200);
    const fans = [await user('Fan One'), await user('Fan Two'), await user('Fan Three')];
    const postId = await newPost(busy.cookie, 'Digest me');
    await comment(fans[0]!.cookie, postId, 'First!');
    await call('PUT', `/api/posts/${postId}/like`, fans[1]!.cookie);
    await call('PUT', `/api/users/${busy.id}/follow`, fans[2]!.cookie);
    await call('PUT', `/api/users/${busy.id}/follow`, fans[0]!.cookie);
    const before = (await mailsTo(busy.email)).length;
    // Read ones are left out; so are those older than a day.
    const { items } = await inbox(busy.cookie);
    const followByFanOne = items.find((item) => item.kind === 'follow' && item.data.actorName === 'Fan One')!;
    expect((await call('POST', `/api/notifications/${followByFanOne.id}/read`, busy.cookie)).statusCode).toBe(204);
    const likeId = items.find((item) => item.kind === 'like')!.id;
    await app.test.database.pool.query(`UPDATE notifications SET created_at = now() - interval '25 hours' WHERE id = $1`, [likeId]);

    await sendDigests(app.test.app.zerri);
    const mails = await mailsTo(busy.email);
    expect(mails.length - before).toBe(1);
    const digest = mails.at(-1)!;
    expect(digest).toContain('Your 2 unread notifications of the last day:');
    expect(digest).toContain('- Fan One commented on your post');
    expect(digest).toContain('- Fan Three followed you');
    expect(digest).not.toContain('Fan Two');
    expect(digest).not.toContain('Fan One followed you');
    expect(digest).toContain('/dashboard/settings');
    // Before the digest no mail went out per event (only the sign-up mails were there).
    expect(mails.slice(0, before).some((text) => text.includes('commented on your post'))).toBe(false);

    // A second run has nothing left to send; a new event waits for the next day's digest.
    await sendDigests(app.test.app.zerri);
    await comment(fans[1]!.cookie, postId, 'Late');
    expect((await mailsTo(busy.email)).length - before).toBe(1);
    await sendDigests(app.test.app.zerri);
    const last = (await mailsTo(busy.email)).at(-1)!;
    expect(last).toContain('Your unread notification of the last day:');
    expect(last).toContain('- Fan Two commented on your post');
  });

  it('runs the digest as a recurring task of the queue', async () => {
    const { rows } = await app.test.database.pool.query(`SELECT name FROM tasks WHERE key = 'every:notifications.digest'`);
    expect(rows).toHaveLength(1);
  });
});

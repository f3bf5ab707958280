import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudiencePost } from '#shared/audience-api.ts';
import type { CustomersPage } from '#shared/customers-api.ts';
import { AUDIENCE_IMPORT_MAX_ROWS, AUDIENCE_IMPORTS_PER_DAY } from '#shared/audience-import.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { listeningTestApp, logIn, mailSent, request, signUp, TEST_ORIGIN, uniqueEmail } from '../../test/test-app.ts';

// Subscribers imported from CSV get the "Get updates" confirmation mail and nothing else until they
// follow its link; mail is counted at a real SMTP server.
const env: Record<string, string> = {};
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  env.SMTP_URL = peer.url;
});
afterAll(() => peer.close());
const app = listeningTestApp({ env });

/** A signed-in account; its sign-up mail goes to the SMTP peer, so the address is confirmed in the database. */
async function createSignedInUser(_test: unknown, options: { role?: string; name?: string } = {}) {
  const email = uniqueEmail(options.role ?? 'user');
  const response = await signUp(app.test.app, { email, role: options.role, name: options.name });
  expect(response.statusCode, response.body).toBe(200);
  await app.test.database.pool.query(`UPDATE users SET email_verified = true WHERE email = $1`, [email]);
  return { email, id: (response.json() as { user: { id: string } }).user.id, cookie: await logIn(app.test.app, email) };
}

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie: string | undefined, payload: object = {}) => request(app.test.app, { method: 'POST', url, cookie, payload });

async function importCsv(cookie: string | undefined, csv: string, consent = true) {
  const form = new FormData();
  if (consent) form.append('consent', 'true');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'list.csv');
  const response = await fetch(`${app.base}/api/audience/import`, { method: 'POST', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code: string } } };
}

/** A mail as read at the SMTP server: quoted-printable undone, headers unfolded. */
const readable = (raw: string) => raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\r\n[ \t]+/g, ' ');

/** The mails each of these addresses received at the SMTP peer: 'confirm' (the sign-up's confirmation) or the subject. */
function received(emails: string[], from = 0) {
  const byAddress = new Map(emails.map((email) => [email, [] as string[]]));
  for (const mail of peer.received.slice(from)) {
    const text = readable(mail.raw);
    const kind = text.includes('/api/audience/confirm?token=') ? 'confirm' : (/^Subject: (.*)$/m.exec(text)?.[1] ?? '?');
    for (const to of mail.to) byAddress.get(to)?.push(kind);
  }
  return Object.fromEntries(byAddress);
}

function confirmLink(email: string): string {
  const mail = peer.received.find((candidate) => candidate.to.includes(email) && readable(candidate.raw).includes('/api/audience/confirm?token='));
  const link = /http:\/\/zerri\.test(\/api\/audience\/confirm\?token=[\w.%-]+)/.exec(readable(mail!.raw));
  return link![1]!;
}

async function sendPost(cookie: string, subject: string) {
  const created = await post('/api/audience/posts', cookie, { subject, body: `${subject}: news for everyone.`, audience: { kind: 'everyone' } });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await post(`/api/audience/posts/${(created.json() as AudiencePost).id}/send`, cookie, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await app.test.app.zerri.tasks.drain({ names: ['audience.send'] });
  await mailSent(app.test.database);
}

describe('subscriber import', () => {
  it('adds new addresses as pending, mails them only the confirmation until they confirm, never re-adds the unsubscribed', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Iris Importer' });
    const [fresh, unsubscribed, confirmed, pendingBefore] = ['fresh', 'unsub', 'confirmed', 'pending'].map((name) => uniqueEmail(name)) as [string, string, string, string];
    await app.test.database.pool.query(`INSERT INTO audience_unsubscribes (creator_id, email) VALUES ($1, $2)`, [creator.id, unsubscribed]);
    await app.test.database.pool.query(`INSERT INTO audience_subscribers (creator_id, email, confirmed_at) VALUES ($1, $2, now()), ($1, $3, NULL)`, [creator.id, confirmed, pendingBefore]);
    const follower = await createSignedInUser(app.test);
    expect((await request(app.test.app, { method: 'PUT', url: `/api/users/${creator.id}/follow`, cookie: follower.cookie })).statusCode).toBe(200);
    await mailSent(app.test.database);
    const before = peer.received.length;

    // A Mailchimp export: "Email Address", first and last names.
    const csv = [
      'Email Address,First Name,Last Name,MEMBER_RATING',
      `${fresh},Nia,"New, Jr.",2`,
      `${fresh.toUpperCase()},Nia,New,2`,
      'not-an-address,Bad,Row,1',
      `${unsubscribed},Una,Sub,3`,
      `${confirmed},Con,Firmed,3`,
      `${pendingBefore},Pen,Ding,1`,
      `${follower.email},Fol,Lower,1`,
      ',,,',
    ].join('\r\n');
    const result = await importCsv(creator.cookie, csv);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({ added: 1, alreadySubscribed: 3, unsubscribedSkipped: 1, invalid: 1, duplicates: 1, overLimit: 0 });
    // Its confirmation mail counts in the plan's monthly e-mails, as a post's deliveries do.
    expect((await request(app.test.app, { method: 'GET', url: '/api/audience', cookie: creator.cookie })).json().sending.sentThisMonth).toBe(1);

    // Only the new address was mailed, only its confirmation; the unsubscribed one is not a subscriber.
    await mailSent(app.test.database);
    expect(peer.received.slice(before).flatMap((mail) => mail.to)).toEqual([fresh]);
    expect(received([fresh])[fresh]).toEqual(['confirm']);
    const { rows } = await app.test.database.pool.query(`SELECT email, name, confirmed_at FROM audience_subscribers WHERE creator_id = $1 ORDER BY email`, [creator.id]);
    expect(rows.map((row: { email: string }) => row.email)).not.toContain(unsubscribed);
    expect(rows).toContainEqual({ email: fresh, name: 'Nia New, Jr.', confirmed_at: null });
    const page = (await get(`/api/my/customers?q=${encodeURIComponent(fresh)}`, creator.cookie)).json() as CustomersPage;
    expect(page.items).toMatchObject([{ email: fresh, name: 'Nia New, Jr.', subscription: 'pending', kinds: ['follower'] }]);

    // A post right after the import: the pending addresses get nothing.
    await sendPost(creator.cookie, 'First post');
    const afterFirst = received([fresh, pendingBefore, confirmed, unsubscribed, follower.email], before);
    expect(afterFirst[fresh]).toEqual(['confirm']);
    expect(afterFirst[pendingBefore]).toEqual([]);
    expect(afterFirst[unsubscribed]).toEqual([]);
    expect(afterFirst[confirmed]).toEqual(['A new update from a creator on Zerri']);
    expect(afterFirst[follower.email]).toEqual(['A new update from a creator on Zerri']);

    // The link of the confirmation mail, followed: the next post arrives.
    const confirmPage = await get(confirmLink(fresh));
    expect(confirmPage.statusCode).toBe(200);
    await sendPost(creator.cookie, 'Second post');
    expect(received([fresh])[fresh]).toEqual(['confirm', 'A new update from a creator on Zerri']);
    const confirmedRow = (await get(`/api/my/customers/${encodeURIComponent(fresh)}`, creator.cookie)).json() as { customer: { subscription: string; confirmedAt: string | null } };
    expect(confirmedRow.customer.subscription).toBe('subscribed');
    expect(confirmedRow.customer.confirmedAt).not.toBeNull();

    // Importing the same list again adds nobody and mails nobody.
    const count = peer.received.length;
    expect((await importCsv(creator.cookie, csv)).body).toMatchObject({ added: 0, unsubscribedSkipped: 1 });
    await mailSent(app.test.database);
    expect(peer.received.length).toBe(count);
  });

  it('finds the e-mail column of Gumroad and Substack exports', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const [gumroad, substack] = [uniqueEmail('gumroad'), uniqueEmail('substack')];
    const fromGumroad = await importCsv(creator.cookie, `Purchase Date,Item Name,Full Name,Email,Price\n2026-01-02,Brushes,Gus Road,${gumroad},10\n`);
    expect(fromGumroad.body).toEqual({ added: 1, alreadySubscribed: 0, unsubscribedSkipped: 0, invalid: 0, duplicates: 0, overLimit: 0 });
    const fromSubstack = await importCsv(creator.cookie, `\uFEFFemail,active_subscription,expiry,plan,name\n${substack},false,,other,Sue Stack\n`);
    expect(fromSubstack.body).toMatchObject({ added: 1 });
    const page = (await get('/api/my/customers', creator.cookie)).json() as CustomersPage;
    expect(page.items.map((item) => [item.email, item.name, item.subscription]).sort()).toEqual([
      [gumroad, 'Gus Road', 'pending'],
      [substack, 'Sue Stack', 'pending'],
    ]);
  });

  it('adds only as many new addresses as the plan’s e-mails of the month leave, and mails only those', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const { monthlyLimit } = (await get('/api/audience', creator.cookie)).json().sending as { monthlyLimit: number };
    // Earlier this month the creator's e-mails came to two short of the plan's allowance.
    await app.test.database.pool.query(`INSERT INTO audience_imports (creator_id, added) VALUES ($1, $2)`, [creator.id, monthlyLimit - 2]);
    const people = Array.from({ length: 4 }, (_, n) => uniqueEmail(`allowance${n}`));
    const before = peer.received.length;
    const result = await importCsv(creator.cookie, `email\n${people.join('\n')}\n`);
    expect(result.body).toEqual({ added: 2, alreadySubscribed: 0, unsubscribedSkipped: 0, invalid: 0, duplicates: 0, overLimit: 2 });
    expect((await get('/api/audience', creator.cookie)).json().sending.sentThisMonth).toBe(monthlyLimit);
    await mailSent(app.test.database);
    expect(peer.received.slice(before).flatMap((mail) => mail.to).sort()).toEqual(people.slice(0, 2).sort());
    const { rows } = await app.test.database.pool.query(`SELECT email FROM audience_subscribers WHERE creator_id = $1 ORDER BY email`, [creator.id]);
    expect(rows.map((row: { email: string }) => row.email)).toEqual(people.slice(0, 2).sort());
    // Used up: the rest stay out until next month; those already added are not counted again.
    expect((await importCsv(creator.cookie, `email\n${people.join('\n')}\n`)).body).toMatchObject({ added: 0, alreadySubscribed: 2, overLimit: 2 });
  });

  it('refuses files without consent, an e-mail column or valid CSV, too many rows, and more imports than the daily cap', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const one = `email\n${uniqueEmail('x')}\n`;
    expect(await importCsv(creator.cookie, one, false)).toMatchObject({ status: 400, body: { error: { code: 'audience_import_consent_required' } } });
    expect(await importCsv(creator.cookie, 'name,phone\nAl,123\n')).toMatchObject({ status: 400, body: { error: { code: 'audience_import_no_email_column' } } });
    expect(await importCsv(creator.cookie, 'email\n"unclosed@example.com\n')).toMatchObject({ status: 400, body: { error: { code: 'audience_import_invalid_csv' } } });
    const tooMany = `email\n${Array.from({ length: AUDIENCE_IMPORT_MAX_ROWS + 1 }, (_, n) => `r${n}@example.com`).join('\n')}\n`;
    expect(await importCsv(creator.cookie, tooMany)).toMatchObject({ status: 400, body: { error: { code: 'audience_import_too_many_rows' } } });
    const { rows } = await app.test.database.pool.query(`SELECT count(*)::int AS n FROM audience_subscribers WHERE creator_id = $1`, [creator.id]);
    expect(rows[0]).toEqual({ n: 0 });

    for (let n = 0; n < AUDIENCE_IMPORTS_PER_DAY; n++) expect((await importCsv(creator.cookie, `email\n${uniqueEmail('cap')}\n`)).status).toBe(200);
    expect(await importCsv(creator.cookie, `email\n${uniqueEmail('cap')}\n`)).toMatchObject({ status: 429, body: { error: { code: 'audience_import_daily_limit' } } });
    // Another creator has their own cap.
    const other = await createSignedInUser(app.test, { role: 'creator' });
    expect((await importCsv(other.cookie, one)).status).toBe(200);

    expect((await importCsv(undefined, one)).status).toBe(401);
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    expect((await importCsv(buyer.cookie, one)).status).toBe(403);
  });
});

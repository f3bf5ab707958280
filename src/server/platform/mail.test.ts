import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, request, TEST_PASSWORD, uniqueEmail, waitFor, type TestApp } from '../test/test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { buy, createProduct } from '../modules/orders/test-helpers.ts';

// Every mail is a background task (platform/mail.ts); these tests send through a real SMTP server
// (the smtp-server package), started and stopped by the test.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

/** A port nothing listens on (yet). */
async function freePort() {
  const peer = await startSmtpPeer();
  await peer.close();
  return peer.port;
}

async function mailTasks(test: TestApp) {
  const { rows } = await test.database.pool.query<{ state: string; attempts: number; last_error: string | null; payload: { to: string } }>(
    `SELECT state, attempts, last_error, payload FROM tasks WHERE name = 'mail.send' ORDER BY id`,
  );
  return rows;
}

async function appWithSmtp(port: number, options: { databaseName?: string } = {}) {
  const test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, options);
  cleanups.push(() => test.close());
  return test;
}

async function peerOn(port?: number) {
  const peer = await startSmtpPeer(port);
  cleanups.push(() => peer.close());
  return peer;
}

/** The text of a received mail, quoted-printable soft breaks undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Signs up through the API and confirms with the link the SMTP peer received. */
async function confirmedCreator(test: TestApp, peer: SmtpPeer) {
  const email = uniqueEmail('creator');
  const signUp = await request(test.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, name: 'Mail Tester', password: TEST_PASSWORD, role: 'creator' } });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const mail = await waitFor('the confirmation mail', async () => peer.received.find((item) => item.to.includes(email)));
  const link = new URL(/https?:\/\/\S+/.exec(bodyOf(mail.raw))![0]);
  expect((await request(test.app, { method: 'GET', url: link.pathname + link.search })).statusCode).toBeLessThan(400);
  const signIn = await request(test.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD } });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const setCookie = signIn.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((value) => value.split(';')[0]).join('; ');
  return { email, cookie };
}

describe('mail through the task queue', () => {
  it('keeps a mail while the SMTP server is down and delivers it once when it is back', async () => {
    const port = await freePort();
    const test = await appWithSmtp(port);
    await test.app.zerri.mailer.send({ to: 'later@example.test', subject: 'Queued', text: 'Sent once the server is back.' });
    const failed = await waitFor('a failed first attempt', async () => (await mailTasks(test)).find((task) => task.attempts >= 1 && task.state === 'queued'));
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const peer = await peerOn(port);
    await waitFor('the retry to empty the queue', async () => (await mailTasks(test)).length === 0);
    const delivered = peer.received.filter((mail) => mail.to.includes('later@example.test'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toContain('Subject: Queued');
  });

  it('records a permanent refusal (5xx) as failed after one attempt, and does not retry it', async () => {
    const peer = await peerOn();
    peer.refuse('nobody@example.test', 550, 'No such user here');
    const test = await appWithSmtp(peer.port);
    await test.app.zerri.mailer.send({ to: 'nobody@example.test', subject: 'Refused', text: 'Never delivered.' });
    const failed = await waitFor('the task to fail', async () => (await mailTasks(test)).find((task) => task.state === 'failed'));
    expect(failed).toMatchObject({ attempts: 1, payload: { to: 'nobody@example.test' } });
    expect(failed.last_error).toContain('No such user here');
    await test.app.zerri.mailer.send({ to: 'somebody@example.test', subject: 'Fine', text: 'Delivered.' });
    await waitFor('the next mail', async () => peer.received.some((mail) => mail.to.includes('somebody@example.test')));
    // The peer has the mail before its task is done: wait for the queue to hold only the refused one.
    await waitFor('the sent mail done', async () => (await mailTasks(test)).length === 1);
    expect((await mailTasks(test)).map((task) => task.state)).toEqual(['failed']);
    expect(peer.received.some((mail) => mail.to.includes('nobody@example.test'))).toBe(false);
  });

  it('sends the receipt of an order paid while mail was down after a restart, exactly once', async () => {
    const up = await peerOn();
    const first = await appWithSmtp(up.port);
    const base = await first.app.listen({ port: 0, host: '127.0.0.1' });
    const creator = await confirmedCreator(first, up);
    const product = await createProduct(base, creator.cookie, { price: '5.00' });
    await up.close();

    // The payment and its receipt task commit together; the app stops before the mail could go out.
    const buyer = uniqueEmail('buyer');
    await buy(first, buyer, [product.id]);
    expect((await mailTasks(first)).filter((task) => task.payload.to === buyer)).toHaveLength(1);
    const databaseName = new URL(first.databaseUrl).pathname.slice(1);
    await first.app.close();

    const back = await peerOn(up.port);
    const second = await appWithSmtp(up.port, { databaseName });
    await waitFor('the receipt', async () => (await mailTasks(second)).every((task) => task.payload.to !== buyer));
    const receipts = back.received.filter((mail) => mail.to.includes(buyer));
    expect(receipts).toHaveLength(1);
    expect(bodyOf(receipts[0]!.raw)).toContain('Thank you for your purchase!');
  });
});

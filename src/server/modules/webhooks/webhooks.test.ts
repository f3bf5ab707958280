import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '#shared/webhooks.ts';
import { createSignedInUser, createTestApp, latestMailTo, listeningTestApp, request, waitFor } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';
import { seedSale } from '../invoices/test-helpers.ts';
import { isLocalAddress } from './delivery.ts';
import { WEBHOOK_TASK } from './service.ts';

// Webhooks to a local receiver that checks every signature with the standardwebhooks library
// (not our own code), as a creator's own tool would.

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

async function startReceiver(secret: () => string, port = 0) {
  const received: Received[] = [];
  const refused: string[] = [];
  let answer = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      try {
        const payload = new Webhook(secret()).verify(body, req.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        if (answer < 300) received.push({ id: String(req.headers['webhook-id']), type: payload.type, data: payload.data });
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end('bad signature');
        return;
      }
      res.writeHead(answer).end(answer < 300 ? 'ok' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    port: (server.address() as AddressInfo).port,
    received,
    refused,
    answerWith: (status: number) => (answer = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const app = listeningTestApp();

async function addEndpoint(cookie: string, url: string, events: string[]) {
  const created = await request(app.test.app, { method: 'POST', url: '/api/webhooks', cookie, payload: { url, events } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { endpoint: { id: string }; secret: string };
}

describe('webhooks', () => {
  it('signs sale.created, product.created and a test event so a standard library verifies them; the secret is shown once', async () => {
    let secret = '';
    const receiver = await startReceiver(() => secret);
    try {
      const creator = await createSignedInUser(app.test, { role: 'creator' });
      const added = await addEndpoint(creator.cookie, receiver.url, ['sale.created', 'product.created']);
      secret = added.secret;
      expect(secret).toMatch(/^whsec_/);
      const list = await request(app.test.app, { method: 'GET', url: '/api/webhooks', cookie: creator.cookie });
      expect(list.body).not.toContain(secret);

      const product = await createProduct(app.base, creator.cookie, { name: 'Hooked Guide', price: '12.00' });
      await buy(app.test, 'hooked-buyer@example.com', [product.id]);
      await waitFor('two events', () => receiver.received.length >= 2);
      expect(receiver.received.map((event) => event.type).sort()).toEqual(['product.created', 'sale.created']);
      expect(receiver.received.find((event) => event.type === 'sale.created')!.data).toMatchObject({ productName: 'Hooked Guide', amountCents: 1200, buyerEmail: 'hooked-buyer@example.com' });

      const sent = await request(app.test.app, { method: 'POST', url: `/api/webhooks/${added.endpoint.id}/test`, cookie: creator.cookie });
      expect(sent.statusCode, sent.body).toBe(202);
      await waitFor('the test event', () => receiver.received.some((event) => event.type === 'webhook.test'));
      expect(receiver.refused).toEqual([]);

      // The receiver has the event before the sender has written down its answer: wait for the log.
      const log = async () =>
        (await request(app.test.app, { method: 'GET', url: `/api/webhooks/${added.endpoint.id}/deliveries`, cookie: creator.cookie })).json().items as {
          status: string;
          responseStatus: number;
          event: string;
        }[];
      await waitFor('three deliveries logged', async () => (await log()).filter((delivery) => delivery.status === 'delivered').length === 3);
      expect(await log()).toHaveLength(3);
      expect((await log()).every((delivery) => delivery.status === 'delivered' && delivery.responseStatus === 200)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('retries while the receiver is down and delivers once it is back, with the same webhook-id on resend', async () => {
    let secret = '';
    const receiver = await startReceiver(() => secret);
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const added = await addEndpoint(creator.cookie, receiver.url, ['link.created']);
    secret = added.secret;
    receiver.answerWith(503);
    const link = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: 'https://example.com/retry' } });
    expect(link.statusCode, link.body).toBe(201);
    const deliveries = async () =>
      (await request(app.test.app, { method: 'GET', url: `/api/webhooks/${added.endpoint.id}/deliveries`, cookie: creator.cookie })).json().items as {
        id: string;
        status: string;
        attempts: number;
        responseStatus: number | null;
        responseExcerpt: string | null;
      }[];
    await waitFor('a failed attempt', async () => (await deliveries())[0]?.attempts === 1);
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', responseStatus: 503, responseExcerpt: 'try later' });
    receiver.answerWith(200);
    await waitFor('the retry (5 s later)', () => receiver.received.length === 1);
    // The receiver has it before the sender has written down the answer.
    await waitFor('the retry logged', async () => (await deliveries())[0]?.status === 'delivered');
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(receiver.received[0]).toMatchObject({ id: delivery!.id, type: 'link.created', data: { url: 'https://example.com/retry' } });

    const resent = await request(app.test.app, { method: 'POST', url: `/api/webhooks/${added.endpoint.id}/deliveries/${delivery!.id}/resend`, cookie: creator.cookie });
    expect(resent.statusCode, resent.body).toBe(202);
    await waitFor('the resend', () => receiver.received.length === 2);
    expect(receiver.received[1]!.id).toBe(delivery!.id);
    await receiver.close();
  });

  it('switches off an endpoint whose deliveries have failed for more than five days, and mails its owner', async () => {
    const receiver = await startReceiver(() => added.secret);
    receiver.answerWith(500);
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const added = await addEndpoint(creator.cookie, receiver.url, ['link.created']);
    const failingSince = new Date(Date.now() - 6 * 86_400_000);
    await app.test.database.pool.query('UPDATE webhook_endpoints SET failing_since = $1 WHERE id = $2', [failingSince, added.endpoint.id]);
    const link = await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: 'https://example.com/failing' } });
    expect(link.statusCode, link.body).toBe(201);
    const endpoint = async () =>
      ((await request(app.test.app, { method: 'GET', url: '/api/webhooks', cookie: creator.cookie })).json().items as { id: string; enabled: boolean }[]).find(
        (item) => item.id === added.endpoint.id,
      );
    // One failed attempt does not switch it off: only a delivery that has used all its attempts does.
    const [delivery] = (await request(app.test.app, { method: 'GET', url: `/api/webhooks/${added.endpoint.id}/deliveries`, cookie: creator.cookie })).json().items as { id: string }[];
    await waitFor('a failed attempt', async () => {
      const { rows } = await app.test.database.pool.query<{ attempts: number }>(`SELECT attempts FROM webhook_deliveries WHERE id = $1`, [delivery!.id]);
      return rows[0]!.attempts === 1;
    });
    expect(await endpoint()).toMatchObject({ enabled: true });
    // Its last attempt now (the schedule's seven retries take about a day and a half).
    await app.test.database.pool.query(
      `UPDATE tasks SET attempts = max_attempts - 1, run_at = now() WHERE name = 'webhooks.deliver' AND payload->>'deliveryId' = $1 AND state = 'queued'`,
      [delivery!.id],
    );
    await app.test.app.zerri.tasks.drain({ names: ['webhooks.deliver'] });
    await waitFor('the endpoint switched off', async () => (await endpoint())?.enabled === false);
    const mail = await latestMailTo(app.test.database, creator.email);
    expect(mail?.text).toContain(receiver.url);
    const { rows } = await app.test.database.pool.query<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE id = $1`, [delivery!.id]);
    expect(rows[0]!.status).toBe('failed');
    // Switched off, it receives nothing more.
    receiver.answerWith(200);
    await request(app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: 'https://example.com/after' } });
    await app.test.app.zerri.tasks.drain({ names: ['webhooks.deliver'] });
    expect(receiver.received).toEqual([]);
    await receiver.close();
  }, 90_000); // its waits (up to 60 s each, waitFor) may take long on a busy machine: the 30 s default cut one off in CI

  it('delivers 20 events at once across two instances exactly once each', async () => {
    let secret = '';
    const receiver = await startReceiver(() => secret);
    const second = await createTestApp({}, { databaseName: new URL(app.test.databaseUrl).pathname.slice(1) });
    let secondClosed = false;
    try {
      const creator = await createSignedInUser(app.test, { role: 'creator' });
      const added = await addEndpoint(creator.cookie, receiver.url, ['link.created']);
      secret = added.secret;
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          request(n % 2 ? second.app : app.test.app, { method: 'POST', url: '/api/links', cookie: creator.cookie, payload: { url: `https://example.com/many/${n}` } }),
        ),
      );
      await waitFor('20 deliveries', () => receiver.received.length >= 20);
      // Every delivery task done (a task is deleted once its request was answered), and the second instance
      // stopped (it finishes what it runs): a duplicate would have been received by now.
      await waitFor('no delivery left to run', async () => {
        const { rows } = await app.test.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM tasks t JOIN webhook_deliveries d ON d.id::text = t.payload->>'deliveryId' WHERE t.name = $1 AND d.endpoint_id = $2`,
          [WEBHOOK_TASK, added.endpoint.id],
        );
        return rows[0]!.n === 0;
      });
      await second.close();
      secondClosed = true;
      expect(receiver.received).toHaveLength(20);
      expect(new Set(receiver.received.map((event) => event.id)).size).toBe(20);
      expect(new Set(receiver.received.map((event) => event.data.url)).size).toBe(20);
    } finally {
      if (!secondClosed) await second.close();
      await receiver.close();
    }
  });

  it('refuses a private or local address when the deployment does not allow it, given as a literal or resolved by DNS', async () => {
    const strict = await createTestApp({ WEBHOOKS_ALLOW_LOCAL: 'false' });
    const receiver = await startReceiver(() => 'whsec_AAAA');
    try {
      const creator = await createSignedInUser(strict, { role: 'creator' });
      const port = new URL(receiver.url).port;
      // An address literal is refused when saved, as a new endpoint and as a changed one: IPv4, and every
      // IPv6 form that reaches a refused IPv4 address (mapped, compatible, SIIT, NAT64, 6to4, Teredo).
      const literals = [
        ['127.0.0.1', '127.0.0.1'],
        ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
        ['[::ffff:7f00:1]', '::ffff:7f00:1'],
        ['[::7f00:1]', '::7f00:1'],
        ['[::ffff:0:7f00:1]', '::ffff:0:7f00:1'],
        ['[64:ff9b::7f00:1]', '64:ff9b::7f00:1'],
        ['[64:ff9b::a00:1]', '64:ff9b::a00:1'],
        ['[2002:7f00:1::1]', '2002:7f00:1::1'],
        ['[2002:a9fe:a9fe::]', '2002:a9fe:a9fe::'],
        ['[2001:0:4136:e378:8000:63bf:80ff:fffe]', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
        ['[::1]', '::1'],
      ];
      for (const [literal, host] of literals) {
        const refused = await request(strict.app, { method: 'POST', url: '/api/webhooks', cookie: creator.cookie, payload: { url: `http://${literal}:${port}/hooks`, events: ['link.created'] } });
        expect(refused.statusCode, literal).toBe(400);
        expect(refused.json().error, literal).toMatchObject({ code: 'webhook_address_refused', message: WEBHOOK_MESSAGES.addressRefused(host!), params: { host } });
      }
      // A public address in the same forms is taken (nothing is sent to it here).
      for (const literal of ['[64:ff9b::808:808]', '[2002:808:808::1]', '[::ffff:8.8.8.8]']) {
        const taken = await request(strict.app, { method: 'POST', url: '/api/webhooks', cookie: creator.cookie, payload: { url: `https://${literal}/hooks`, events: ['link.created'] } });
        expect(taken.statusCode, literal).toBe(201);
        const { endpoint } = taken.json() as { endpoint: { id: string } };
        const changed = await request(strict.app, { method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, cookie: creator.cookie, payload: { url: `http://[::ffff:0:a00:1]:${port}/hooks` } });
        expect(changed.json().error.code).toBe('webhook_address_refused');
        expect((await request(strict.app, { method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, cookie: creator.cookie })).statusCode).toBe(204);
      }
      // A host name is checked where it resolves, at each delivery: localhost is a loopback address.
      const created = await request(strict.app, { method: 'POST', url: '/api/webhooks', cookie: creator.cookie, payload: { url: `http://localhost:${port}/hooks`, events: ['link.created'] } });
      expect(created.statusCode).toBe(201);
      const { endpoint } = created.json() as { endpoint: { id: string } };
      await request(strict.app, { method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, cookie: creator.cookie });
      let last: { responseExcerpt: string | null; attempts: number } | undefined;
      await waitFor('the refused attempt', async () => {
        last = (await request(strict.app, { method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries`, cookie: creator.cookie })).json().items[0];
        return (last?.attempts ?? 0) >= 1;
      });
      expect(last!.responseExcerpt).toBe(WEBHOOK_MESSAGES.addressRefused('localhost'));
      expect(receiver.received).toEqual([]);
      expect(receiver.refused).toEqual([]);
    } finally {
      await receiver.close();
      await strict.close();
    }
  });

  it('knows every IPv6 form of a refused IPv4 address (the check of both literals and resolved addresses)', () => {
    const refused = [
      '127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '::', 'fe80::1%eth0', 'fc00::1', '2001:db8::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::7f00:1', '::127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:192.168.0.1',
      '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b:1::8.8.8.8', '2002:7f00:1::', '2002:c0a8:101::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'not-an-address',
    ];
    for (const address of refused) expect(isLocalAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) {
      expect(isLocalAddress(address), address).toBe(false);
    }
  });

  it('sends payout.requested in the request’s transaction and payout.completed when an admin completes it', async () => {
    let secret = '';
    const receiver = await startReceiver(() => secret);
    try {
      const creator = await createSignedInUser(app.test, { role: 'creator' });
      const admin = await createSignedInUser(app.test, { role: 'admin' });
      secret = (await addEndpoint(creator.cookie, receiver.url, ['payout.requested', 'payout.completed', 'payout.failed'])).secret;
      await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: creator.cookie, payload: { type: 'paypal', email: 'hooks@paypal.test' } });
      await seedSale(app.test.database, creator.id, 4200, 'completed', 0); // no fee: the balance is 4200
      const requested = await request(app.test.app, { method: 'POST', url: '/api/payouts', cookie: creator.cookie, headers: { 'idempotency-key': crypto.randomUUID() }, payload: {} });
      expect(requested.statusCode, requested.body).toBe(201);
      const payoutId = (requested.json() as { payout: { id: string } }).payout.id;
      const completed = await request(app.test.app, { method: 'POST', url: `/api/admin/payouts/${payoutId}/complete`, cookie: admin.cookie, payload: {} });
      expect(completed.statusCode, completed.body).toBe(200);
      await waitFor('two payout events', () => receiver.received.length >= 2);
      // Sent side by side, so in either order.
      expect(receiver.received.map((event) => [event.type, event.data.id, event.data.amountCents]).sort()).toEqual([
        ['payout.completed', payoutId, 4200],
        ['payout.requested', payoutId, 4200],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('keeps endpoints to their owner and checks what is sent', async () => {
    const owner = await createSignedInUser(app.test, { role: 'creator' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const { endpoint } = await addEndpoint(owner.cookie, 'https://hooks.example.com/zerri', ['sale.created']);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
    ] as const) {
      expect((await request(app.test.app, { method, url, cookie: other.cookie })).statusCode).toBe(404);
    }
    expect((await request(app.test.app, { method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, cookie: other.cookie, payload: { enabled: false } })).statusCode).toBe(404);
    expect((await request(app.test.app, { method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
    expect((await request(app.test.app, { method: 'GET', url: '/api/webhooks', cookie: other.cookie })).json().items).toEqual([]);
    const noEvents = await request(app.test.app, { method: 'POST', url: '/api/webhooks', cookie: owner.cookie, payload: { url: 'https://hooks.example.com/x', events: [] } });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error.message).toBe(WEBHOOK_MESSAGES.eventsRequired);
    const badUrl = await request(app.test.app, { method: 'POST', url: '/api/webhooks', cookie: owner.cookie, payload: { url: 'ftp://hooks.example.com', events: ['sale.created'] } });
    expect(badUrl.json().error).toMatchObject({ code: 'webhook_url_invalid', message: WEBHOOK_MESSAGES.urlInvalid });
    const off = await request(app.test.app, { method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, cookie: owner.cookie, payload: { enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await request(app.test.app, { method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, cookie: owner.cookie })).statusCode).toBe(204);
  });
});

// A local server speaking the part of Stripe's API that Zerri uses, for tests:
//   POST /v1/checkout/sessions  (form-encoded, Bearer secret key, Idempotency-Key) → a Checkout Session
//   GET  /v1/checkout/sessions/{id}                                               → the session
//   POST /v1/refunds  (payment_intent, amount; Idempotency-Key)                   → a Refund, never more than was paid
//   GET  /checkout/{id}  (the session's `url`): "pays" the session (giving it a payment_intent), POSTs a signed
//        checkout.session.completed event to the webhook URL (as Stripe does), then 303s to success_url.
// Webhooks carry `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with the webhook secret>`.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

const stripeError = (res, status, message, type = 'invalid_request_error') => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type } }));
};

/** Reads `line_items[0][price_data][unit_amount]`-style keys into nested objects and arrays. */
function parseForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return root;
}

export function signPayload(secret, payload, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** @returns {Promise<import('./stripe.d.mts').FakeStripe>} */
export async function startFakeStripe({ port = 0, apiKey = 'sk_test_fake', webhookSecret = 'whsec_fake', webhookUrl = '' } = {}) {
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  const refunds = [];
  const refundsByKey = new Map();
  let refundRefusal = '';
  let taxAddress = { country: 'FR', rateBps: 2000, vatNumber: '' };
  const requests = [];
  const events = [];
  const deliveries = [];
  const sockets = new Set();
  let target = webhookUrl;
  let base = '';

  async function deliver(event, { timestamp } = {}) {
    const body = JSON.stringify(event);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, body, timestamp), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body,
    });
    const delivery = { eventId: event.id, type: event.type, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function complete(sessionId) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.status !== 'complete') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${randomBytes(12).toString('hex')}` });
    }
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...session } },
    };
    events.push(event);
    return deliver(event);
  }

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url, base);
    requests.push({ method: req.method, path: url.pathname, headers: req.headers, body });

    const payPage = /^\/checkout\/(cs_test_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && payPage) {
      const session = sessions.get(payPage[1]);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      await complete(session.id);
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }

    if (!url.pathname.startsWith('/v1/')) return stripeError(res, 404, 'Unrecognized request URL');
    if (req.headers.authorization !== `Bearer ${apiKey}`) return stripeError(res, 401, 'Invalid API Key provided.', 'authentication_error');

    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(session));
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = req.headers['idempotency-key'];
      if (key && refundsByKey.has(key)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(refundsByKey.get(key)));
      }
      if (refundRefusal) return stripeError(res, 400, refundRefusal);
      const form = parseForm(body);
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent && candidate.payment_intent === form.payment_intent);
      if (!session) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent ?? ''}'`);
      const refunded = refunds.filter((refund) => refund.payment_intent === session.payment_intent).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = form.amount === undefined ? session.amount_total - refunded : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) return stripeError(res, 400, 'Invalid positive integer: amount.');
      if (refunded + amount > session.amount_total) {
        return stripeError(res, 400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((session.amount_total - refunded) / 100).toFixed(2)})`);
      }
      const refund = { id: `re_test_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: session.currency, payment_intent: session.payment_intent, metadata: form.metadata ?? {}, status: 'succeeded' };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(refund));
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return stripeError(res, 400, 'Expected a form-encoded body.');
      }
      const key = req.headers['idempotency-key'];
      if (key && byIdempotencyKey.has(key)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(sessions.get(byIdempotencyKey.get(key))));
      }
      const form = parseForm(body);
      if (form.mode !== 'payment') return stripeError(res, 400, 'Missing required param: mode.');
      if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
      const lines = Object.values(form.line_items ?? {});
      if (lines.length === 0) return stripeError(res, 400, 'Missing required param: line_items.');
      let amountTotal = 0;
      for (const line of lines) {
        const amount = Number(line.price_data?.unit_amount);
        const quantity = Number(line.quantity ?? 1);
        if (!Number.isInteger(amount) || amount < 1 || !line.price_data?.product_data?.name) {
          return stripeError(res, 400, 'Invalid line item: unit_amount must be a positive integer and product_data[name] is required.');
        }
        amountTotal += amount * quantity;
      }
      // Stripe Tax: with automatic_tax on, the buyer's address (taxAddress) and its rate add tax on top.
      const taxed = form.automatic_tax?.enabled === 'true';
      const amountTax = taxed ? lines.reduce((sum, line) => sum + Math.round((Number(line.price_data.unit_amount) * Number(line.quantity ?? 1) * taxAddress.rateBps) / 10_000), 0) : 0;
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: amountTotal,
        amount_total: amountTotal + amountTax,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: amountTax },
        automatic_tax: { enabled: taxed, status: taxed ? 'complete' : null },
        customer_details: taxed ? { address: { country: taxAddress.country }, tax_ids: taxAddress.vatNumber ? [{ type: 'eu_vat', value: taxAddress.vatNumber }] : [] } : null,
        currency: lines[0].price_data.currency ?? 'usd',
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        line_items: lines,
        url: `${base}/checkout/${id}`,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, id);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(session));
    }
    return stripeError(res, 404, 'Unrecognized request URL');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    apiKey,
    webhookSecret,
    sessions,
    refunds,
    /** The address buyers type on Stripe's page and the rate Stripe Tax finds for it (basis points). */
    setTaxAddress: (next) => {
      taxAddress = { ...taxAddress, ...next };
    },
    /** Makes every new refund fail with this message (Stripe's 400); '' lets them through again. */
    refuseRefunds: (message) => {
      refundRefusal = message;
    },
    requests,
    events,
    deliveries,
    setWebhookUrl: (next) => {
      target = next;
    },
    complete,
    /** Sends an already delivered event again (Stripe retries and replays), freshly signed. */
    replay: (eventId) => {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return deliver(event);
    },
    deliver,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/invoices.ts';
import { userChannel } from '#shared/realtime.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/orders.ts';
import { createSignedInUser, latestMailTo, listeningTestApp, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { createInvoice, DECLINED_CARD, invoiceBody, payOrder, startPayment } from './test-helpers.ts';
import { pdfText } from '../../platform/pdf/test-helpers.ts';
import { getBalanceCents } from '../payouts/payouts.ts';

const app = listeningTestApp();

const creator = (name = 'Ivy Invoicer') => createSignedInUser(app.test, { role: 'creator', name });
const invoiceRows = async (userId: string) => app.test.database.db.select().from(invoices).where(eq(invoices.userId, userId));
const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie?: string, payload: unknown = {}) => request(app.test.app, { method: 'POST', url, cookie, payload: payload as object });

async function waitFor<T>(read: () => T | undefined, ms = 3000): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  let value = read();
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = read();
  }
  return value;
}

describe('creating invoices', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/invoices', undefined, invoiceBody())).statusCode).toBe(401);
    expect((await get('/api/invoices')).statusCode).toBe(401);
  });

  it.each([
    ['no client name', { clientName: '' }],
    ['no client email', { clientEmail: '' }],
    ['a client email that is not one', { clientEmail: 'acme' }],
    ['no items', { items: [] }],
    ['an item without a name', { items: [{ name: '', quantity: '1', unitPrice: '5' }] }],
    ['a quantity of 0', { items: [{ name: 'A', quantity: '0', unitPrice: '5' }] }],
    ['a non-numeric quantity', { items: [{ name: 'A', quantity: 'many', unitPrice: '5' }] }],
    ['a price of 0', { items: [{ name: 'A', quantity: '1', unitPrice: '0' }] }],
    ['a missing price', { items: [{ name: 'A', quantity: '1' }] }],
  ])('refuses %s with the spec message and stores nothing', async (_case, overrides) => {
    const { cookie, id } = await creator();
    const response = await post('/api/invoices', cookie, invoiceBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'missing_fields', message: INVOICE_MESSAGES.missingFields });
    expect(await invoiceRows(id)).toEqual([]);
  });

  it('refuses a total under $0.50 over HTTP (0.4 × $0.01 rounds to $0.00) and stores nothing', async () => {
    const { cookie, id } = await creator();
    const send = (url: string, body: unknown) =>
      fetch(`${app.base}${url}`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const dust = await send('/api/invoices', invoiceBody({ items: [{ name: 'Dust', quantity: '0.4', unitPrice: '0.01' }] }));
    expect(dust.status).toBe(400);
    expect(((await dust.json()) as { error: unknown }).error).toMatchObject({ code: 'total_too_small', message: INVOICE_MESSAGES.totalTooSmall('$0.50'), params: { minimum: '$0.50' } });
    const gum = await send('/api/invoices/payment-requests', { amount: '0.49', description: 'Gum' });
    expect(gum.status).toBe(400);
    expect(((await gum.json()) as { error: unknown }).error).toMatchObject({ code: 'amount_too_small', message: INVOICE_MESSAGES.amountTooSmall('$0.50'), params: { minimum: '$0.50' } });
    expect(await invoiceRows(id)).toEqual([]);
    const smallest = await send('/api/invoices', invoiceBody({ items: [{ name: 'Gum', quantity: '1', unitPrice: '0.50' }] }));
    expect(smallest.status).toBe(201);
    expect(((await smallest.json()) as { invoice: { totalCents: number } }).invoice.totalCents).toBe(50);
  });

  it('creates a pending invoice due in 30 days, with an unguessable id and the total in cents', async () => {
    const { cookie } = await creator();
    const before = Date.now();
    const invoice = await createInvoice(app.test.app, cookie);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      clientName: 'Acme Ltd',
      clientEmail: 'billing@acme.test',
      status: 'pending',
      totalCents: 2 * 15000 + 4999,
      items: [
        { name: 'Logo design', quantity: 2, unitPriceCents: 15000 },
        { name: 'Business cards', quantity: 1, unitPriceCents: 4999 },
      ],
      paidAt: null,
    });
    expect(invoice.id).toMatch(/^inv_[A-Za-z0-9]{20}$/);
    expect(invoice.payUrl).toBe(`${TEST_ORIGIN}/pay/${invoice.id}`);
    const created = Date.parse(invoice.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invoice.dueAt) - created).toBe(30 * 24 * 60 * 60 * 1000);

    const list = await get('/api/invoices', cookie);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([invoice.id]);
  });

  it('announces a new invoice to its creator', async () => {
    const { cookie, id } = await creator();
    const events: unknown[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(id)], (event) => events.push(event));
    const invoice = await createInvoice(app.test.app, cookie);
    await waitFor(() => events[0]);
    stop();
    expect(events).toEqual([{ channel: userChannel(id), type: 'invoices.changed', data: { id: invoice.id, status: 'pending' } }]);
  });

  it('makes a payment request from an amount and a description', async () => {
    const { cookie } = await creator();
    for (const amount of ['', '0', '-4', 'ten']) {
      const refused = await post('/api/invoices/payment-requests', cookie, { amount, description: 'Consulting' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(INVOICE_MESSAGES.invalidAmount);
    }
    const response = await post('/api/invoices/payment-requests', cookie, { amount: '75.50', description: 'Consulting call' });
    expect(response.statusCode).toBe(201);
    expect(response.json().invoice).toMatchObject({
      kind: 'payment_request',
      clientEmail: '',
      description: 'Consulting call',
      totalCents: 7550,
      status: 'pending',
      items: [{ name: 'Consulting call', quantity: 1, unitPriceCents: 7550 }],
    });
  });
});

describe('Mark as Paid', () => {
  it('moves a pending invoice to paid, once', async () => {
    const { cookie } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    const response = await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().invoice).toMatchObject({ status: 'paid' });
    expect(response.json().invoice.paidAt).toEqual(expect.any(String));
    const again = await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(INVOICE_MESSAGES.alreadyPaid);
  });

  it('does not add an invoice paid elsewhere to the payout balance', async () => {
    const { cookie, id } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    expect(await getBalanceCents(app.test.database.db, id, { testMoneyPayable: true })).toBe(0);
  });
});

describe("another creator's invoices", () => {
  it('cannot be read, changed, sent, downloaded or marked paid (404, nothing changes)', async () => {
    const owner = await creator('Owner');
    const other = await creator('Other');
    const invoice = await createInvoice(app.test.app, owner.cookie);
    const mailsBefore = await latestMailTo(app.test.database, 'billing@acme.test');

    expect((await get(`/api/invoices/${invoice.id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${invoice.id}/pdf`, other.cookie)).statusCode).toBe(404);
    const marked = await post(`/api/invoices/${invoice.id}/mark-paid`, other.cookie);
    expect(marked.statusCode).toBe(404);
    expect(marked.json().error.message).toBe(INVOICE_MESSAGES.invoiceNotFound);
    expect((await post(`/api/invoices/${invoice.id}/send`, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/invoices', other.cookie)).json().items).toEqual([]);

    const [row] = await invoiceRows(owner.id);
    expect(row).toMatchObject({ status: 'pending', paidAt: null });
    expect(await latestMailTo(app.test.database, 'billing@acme.test')).toEqual(mailsBefore);
    // Signed out, too.
    expect((await post(`/api/invoices/${invoice.id}/mark-paid`)).statusCode).toBe(401);
  });

  it('answers a malformed id like an unknown one', async () => {
    const { cookie } = await creator();
    expect((await get('/api/invoices/not-an-invoice', cookie)).statusCode).toBe(404);
    expect((await post('/api/invoices/inv_nope/mark-paid', cookie)).statusCode).toBe(404);
  });
});

describe('e-mail and PDF', () => {
  it('mails the invoice with its payment link to the client', async () => {
    const { cookie } = await creator('Mia Mailer');
    const clientEmail = `client-${Date.now()}@acme.test`;
    const invoice = await createInvoice(app.test.app, cookie, invoiceBody({ clientEmail }));
    const response = await post(`/api/invoices/${invoice.id}/send`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sentTo: clientEmail });
    const mail = await latestMailTo(app.test.database, clientEmail);
    expect(mail?.subject).toBe(`Invoice ${invoice.id} on Zerri ($349.99)`);
    expect(mail?.text).toContain(`${TEST_ORIGIN}/pay/${invoice.id}`);
    expect(mail?.text).toContain('- Logo design: 2 × $150.00');
  });

  it('refuses to mail a payment request that has no client', async () => {
    const { cookie } = await creator();
    const { invoice } = (await post('/api/invoices/payment-requests', cookie, { amount: '5' })).json();
    const response = await post(`/api/invoices/${invoice.id}/send`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INVOICE_MESSAGES.noClientEmail);
  });

  it('downloads a well-formed PDF for the owner only', async () => {
    const { cookie } = await creator('Pia (PDF) Maker');
    const invoice = await createInvoice(app.test.app, cookie, invoiceBody({ clientName: 'Zoë Ünal' }));
    const response = await get(`/api/invoices/${invoice.id}/pdf`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${invoice.id}.pdf"`);
    const { text } = await pdfText(response.rawPayload);
    for (const shown of ['Pia (PDF) Maker', 'Zoë Ünal', '$349.99', `${TEST_ORIGIN}/pay/${invoice.id}`]) expect(text).toContain(shown);
    expect((await get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
  });
});

describe('the payment page', () => {
  it('shows the creator, items, total, due date and status, without the client e-mail', async () => {
    const { cookie } = await creator('Paula Page');
    const invoice = await createInvoice(app.test.app, cookie);
    const response = await get(`/api/pay/${invoice.id}`);
    expect(response.statusCode).toBe(200);
    const shown = response.json().invoice;
    expect(shown).toMatchObject({
      id: invoice.id,
      creatorName: 'Paula Page',
      totalCents: 34999,
      status: 'pending',
      dueAt: invoice.dueAt,
      needsEmail: false,
      items: [
        { name: 'Logo design', quantity: 2, unitPriceCents: 15000 },
        { name: 'Business cards', quantity: 1, unitPriceCents: 4999 },
      ],
    });
    expect(shown.creatorEmail).toMatch(/@/); // the creator's contact, as on a hosted invoice
    expect(JSON.stringify(shown)).not.toContain('billing@acme.test');
    expect((await get('/api/pay/inv_doesNotExist0000000')).statusCode).toBe(404);
    expect((await get('/api/pay/whatever')).json().error.message).toBe(INVOICE_MESSAGES.invoiceNotFound);
  });

  it('gives anyone holding the link the PDF (signed in or not, the creator or not), without the client e-mail', async () => {
    const { cookie } = await creator('Hana (Hosted) Page');
    const other = await creator('Someone Else');
    const invoice = await createInvoice(app.test.app, cookie, invoiceBody({ clientName: 'Zoë Ünal' }));
    for (const who of [undefined, other.cookie, cookie]) {
      const response = await get(`/api/pay/${invoice.id}/pdf`, who);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`attachment; filename="${invoice.id}.pdf"`);
    }
    const { text } = await pdfText((await get(`/api/pay/${invoice.id}/pdf`)).rawPayload);
    for (const shown of [invoice.id, 'Hana (Hosted) Page', 'Zoë Ünal', 'Logo design', 'Business cards', '$349.99', 'Pending']) expect(text).toContain(shown);
    expect(text).not.toContain('billing@acme.test');

    await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    expect((await pdfText((await get(`/api/pay/${invoice.id}/pdf`)).rawPayload)).text).toMatch(/Paid \(\w{3} \d{1,2}, \d{4}\)/);

    for (const unknown of ['inv_doesNotExist0000000', 'whatever']) {
      const response = await get(`/api/pay/${unknown}/pdf`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(INVOICE_MESSAGES.invoiceNotFound);
    }
  });

  it('a card payment marks the invoice paid, announces it to the creator and counts toward the balance', async () => {
    const { cookie, id } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    const events: { type: string; data: unknown }[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([userChannel(id)], (event) => events.push(event));
    const orderId = await startPayment(app.test.app, invoice.id);
    const paid = await payOrder(app.test.app, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    // The invoice's creation may be announced here too, a moment late: wait for the paid one.
    const isPaidEvent = (event: { type: string; data: unknown }) =>
      event.type === 'invoices.changed' && (event.data as { status?: string }).status === 'paid';
    await waitFor(() => events.find(isPaidEvent));
    stop();
    expect(events).toContainEqual(expect.objectContaining({ type: 'invoices.changed', data: { id: invoice.id, status: 'paid' } }));
    expect((await get(`/api/pay/${invoice.id}`)).json().invoice.status).toBe('paid');
    expect((await get(`/api/invoices/${invoice.id}`, cookie)).json().invoice.status).toBe('paid');
    expect(await getBalanceCents(app.test.database.db, id, { testMoneyPayable: true })).toBe(34999);
  });

  it('a declined card leaves the invoice pending', async () => {
    const { cookie } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    const orderId = await startPayment(app.test.app, invoice.id);
    expect((await payOrder(app.test.app, orderId, DECLINED_CARD)).statusCode).toBe(402);
    expect((await get(`/api/pay/${invoice.id}`)).json().invoice.status).toBe('pending');
  });

  it('refuses to start a payment of a paid invoice', async () => {
    const { cookie } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    const response = await post(`/api/pay/${invoice.id}/orders`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'invoice_already_paid', message: 'This invoice has already been paid.' });
  });

  it('refuses a second payment of an invoice paid in the meantime, and books the money once', async () => {
    const { cookie, id } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    // Two payers open the page while it is pending; both start paying.
    const first = await startPayment(app.test.app, invoice.id);
    const second = await startPayment(app.test.app, invoice.id);
    expect((await payOrder(app.test.app, first)).statusCode).toBe(200);
    // The second order's payment is refused (the invoice fulfiller, or before it the one-paid-order
    // index on orders) and rolled back: nothing of it is booked.
    const refused = await payOrder(app.test.app, second);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.test.database.db.select().from(orders).where(eq(orders.id, second)))[0]?.status).toBe('pending');
    const paidOrders = await app.test.database.db.select().from(orders).where(eq(orders.invoiceId, invoice.id));
    expect(paidOrders.filter((order) => order.status === 'paid').map((order) => order.id)).toEqual([first]);
    expect(await getBalanceCents(app.test.database.db, id, { testMoneyPayable: true })).toBe(34999);
  });

  it('refuses a payment when the creator marked the invoice paid after the payer started', async () => {
    const { cookie, id } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    const orderId = await startPayment(app.test.app, invoice.id);
    await post(`/api/invoices/${invoice.id}/mark-paid`, cookie);
    const refused = await payOrder(app.test.app, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'invoice_already_paid', message: INVOICE_MESSAGES.alreadyPaid });
    // The payment's transaction rolled back: the order is still unpaid and nothing reached the balance.
    expect((await app.test.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('pending');
    expect(await getBalanceCents(app.test.database.db, id, { testMoneyPayable: true })).toBe(0);
  });

  it('makes two payments at once into one', async () => {
    const { cookie, id } = await creator();
    const invoice = await createInvoice(app.test.app, cookie);
    const orderIds = await Promise.all(Array.from({ length: 5 }, () => startPayment(app.test.app, invoice.id)));
    const results = await Promise.all(orderIds.map((orderId) => payOrder(app.test.app, orderId)));
    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((result) => result.statusCode !== 200);
    expect(refused.map((result) => result.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refused.map((result) => result.json().error.message)).toEqual(Array(4).fill(INVOICE_MESSAGES.alreadyPaid));
    const paidOrders = await app.test.database.db.select().from(orders).where(eq(orders.invoiceId, invoice.id));
    expect(paidOrders.filter((order) => order.status === 'paid')).toHaveLength(1);
    expect(await getBalanceCents(app.test.database.db, id, { testMoneyPayable: true })).toBe(34999);
  });

  it("asks a payment request's payer for a valid e-mail", async () => {
    const { cookie } = await creator();
    const { invoice } = (await post('/api/invoices/payment-requests', cookie, { amount: '12', description: 'Tip' })).json();
    expect((await get(`/api/pay/${invoice.id}`)).json().invoice.needsEmail).toBe(true);
    const refused = await post(`/api/pay/${invoice.id}/orders`, undefined, { email: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INVOICE_MESSAGES.payerEmailInvalid);
    const orderId = await startPayment(app.test.app, invoice.id, 'payer@example.com');
    const [order] = await app.test.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'invoice', invoiceId: invoice.id, buyerEmail: 'payer@example.com', totalCents: 1200 });
    expect((await payOrder(app.test.app, orderId)).statusCode).toBe(200);
    expect((await get(`/api/pay/${invoice.id}`)).json().invoice.status).toBe('paid');
  });
});

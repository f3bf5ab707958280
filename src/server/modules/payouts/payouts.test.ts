import { PAYOUT_MESSAGES, payoutMinimum } from '#shared/payouts.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../../db/schema/admin.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import { createSignedInUser, createTestApp, request, type TestApp } from '../../test/test-app.ts';
import { createInvoice, payOrder, seedSale, startPayment } from '../invoices/test-helpers.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const creator = (name = 'Pat Payee') => createSignedInUser(test, { role: 'creator', name });
const get = (url: string, cookie?: string) => request(test.app, { method: 'GET', url, cookie });
const post = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  request(test.app, { method: 'POST', url, cookie, headers, payload: {} });
const putMethod = (cookie: string | undefined, payload: object) => request(test.app, { method: 'PUT', url: '/api/payouts/method', cookie, payload });
const requestPayout = (cookie: string, key: string = randomUUID()) => post('/api/payouts', cookie, { 'idempotency-key': key });
const requestAmount = (cookie: string, amountCents: unknown, key: string = randomUUID()) =>
  request(test.app, { method: 'POST', url: '/api/payouts', cookie, headers: { 'idempotency-key': key }, payload: { amountCents } });
const payoutRows = (userId: string) => test.database.db.select().from(payouts).where(eq(payouts.userId, userId));
const balanceOf = async (cookie: string) => (await get('/api/payouts', cookie)).json().balanceCents as number;

/** A creator with a PayPal method and `cents` of earnings (a sale without a platform fee). */
async function fundedCreator(cents: number) {
  const user = await creator();
  await putMethod(user.cookie, { type: 'paypal', email: 'pat@paypal.test' });
  await seedSale(test.database, user.id, cents, 'completed', 0);
  return user;
}

describe('payout method', () => {
  it('starts with no method, no balance and no history', async () => {
    const { cookie } = await creator();
    const response = await get('/api/payouts', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ currency: 'USD', balanceCents: 0, testBalanceCents: 0, method: null, payouts: [], adjustments: [] });
    expect((await get('/api/payouts')).statusCode).toBe(401);
  });

  it('checks a PayPal e-mail and keeps the method server-side', async () => {
    const { cookie, id } = await creator();
    const refused = await putMethod(cookie, { type: 'paypal', email: 'not-an-email' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_email', message: 'Invalid Email: Please enter a valid email address.' });
    const [before] = await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, id));
    expect(before?.payoutMethodDetails).toBeNull();

    const saved = await putMethod(cookie, { type: 'paypal', email: ' pat@paypal.test ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ method: { type: 'paypal', email: 'pat@paypal.test' } });
    const [after] = await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, id));
    expect(after?.payoutMethodDetails).toEqual({ type: 'paypal', email: 'pat@paypal.test' });
    expect((await get('/api/payouts', cookie)).json().method).toEqual({ type: 'paypal', email: 'pat@paypal.test' });
  });

  it('takes a bank account by its country: an IBAN, a US account and routing number, or an account number and BIC', async () => {
    const { cookie, id } = await creator();
    const stored = async () => (await test.database.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0]?.payoutMethodDetails;
    const iban = await putMethod(cookie, { type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(iban.statusCode).toBe(200);
    expect(iban.json()).toEqual({ method: { type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE89370400440532013000' } });
    expect(await stored()).toEqual({ type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE89370400440532013000' });

    const us = { type: 'bank', holder: 'Pat Payee', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' };
    expect((await putMethod(cookie, { ...us, iban: 'DE89370400440532013000' })).json()).toEqual({ method: us });
    expect((await get('/api/payouts', cookie)).json().method).toEqual(us);

    const other = { type: 'bank', holder: 'Pat Payee', country: 'JP', accountNumber: '1234567', bic: 'MHCBJPJT' };
    expect((await putMethod(cookie, { ...other, bic: 'mhcb jpjt' })).json()).toEqual({ method: other });
    expect(await stored()).toEqual(other);
  });

  it('refuses a bad IBAN, routing number or BIC with the field and its message, and keeps the saved method', async () => {
    const { cookie } = await creator();
    await putMethod(cookie, { type: 'paypal', email: 'pat@paypal.test' });
    const wrongChecksum = await putMethod(cookie, { type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE88 3704 0044 0532 0130 00' });
    expect(wrongChecksum.statusCode).toBe(400);
    expect(wrongChecksum.json().error).toMatchObject({ code: 'invalidIban', message: PAYOUT_MESSAGES.invalidIban, params: { field: 'iban' } });
    const wrongLength = await putMethod(cookie, { type: 'bank', holder: 'Pat Payee', country: 'GB', iban: 'GB29 NWBK 6016 1331 9268 1' });
    expect(wrongLength.json().error).toMatchObject({ code: 'invalidIban', params: { field: 'iban' } });
    const routing = await putMethod(cookie, { type: 'bank', holder: 'Pat Payee', country: 'US', accountNumber: '000123456789', routingNumber: '021000022' });
    expect(routing.json().error).toMatchObject({ code: 'invalidRouting', message: PAYOUT_MESSAGES.invalidRouting, params: { field: 'routingNumber' } });
    const bic = await putMethod(cookie, { type: 'bank', holder: 'Pat Payee', country: 'JP', accountNumber: '1234567', bic: 'MHCB' });
    expect(bic.json().error).toMatchObject({ code: 'invalidBic', params: { field: 'bic' } });
    // The old single "Bank account ID" is no longer taken: the new form asks for the holder first.
    const legacy = await putMethod(cookie, { type: 'bank', accountId: 'DE89 3704 0044 0532 0130 00' });
    expect(legacy.json().error).toMatchObject({ code: 'holderRequired', params: { field: 'holder' } });
    expect((await get('/api/payouts', cookie)).json().method).toEqual({ type: 'paypal', email: 'pat@paypal.test' });
    expect((await putMethod(undefined, { type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE89370400440532013000' })).statusCode).toBe(401);
  });

  it('still reads, shows and pays a bank account id saved before the bank form', async () => {
    const { cookie, id } = await creator();
    await test.database.db.update(userProfiles).set({ payoutMethodDetails: { type: 'bank', accountId: '12-3456-789' } }).where(eq(userProfiles.id, id));
    await seedSale(test.database, id, 5000, 'completed', 0);
    expect((await get('/api/payouts', cookie)).json().method).toEqual({ type: 'bank', accountId: '12-3456-789' });
    const requested = await requestPayout(cookie);
    expect(requested.statusCode).toBe(201);
    expect(requested.json().payout).toMatchObject({ method: { type: 'bank', accountId: '12-3456-789' }, methodLabel: 'Bank account ••••6789' });
  });
});

describe('balance', () => {
  it('is the earnings: completed sales less their fees plus invoices paid through the payment page, never refunded sales', async () => {
    const { cookie, id } = await creator();
    await seedSale(test.database, id, 2500); // 1% fee: 25
    await seedSale(test.database, id, 9999, 'refunded');
    const invoice = await createInvoice(test.app, cookie);
    expect((await payOrder(test.app, await startPayment(test.app, invoice.id))).statusCode).toBe(200);
    expect(await balanceOf(cookie)).toBe(2500 - 25 + 34999);
    expect((await get('/api/my/overview', cookie)).json().totalEarningsCents).toBe(2500 - 25 + 34999);
  });
});

describe('requesting a payout', () => {
  it('needs an Idempotency-Key', async () => {
    const { cookie } = await fundedCreator(1000);
    const response = await post('/api/payouts', cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PAYOUT_MESSAGES.idempotencyKeyRequired);
  });

  it('needs a payout method first', async () => {
    const { cookie, id } = await creator();
    await seedSale(test.database, id, 1000);
    const response = await requestPayout(cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'setup_required', message: 'Setup Required: Please set up a payout method first.' });
    expect(await payoutRows(id)).toEqual([]);
  });

  it('needs a balance above 0', async () => {
    const { cookie, id } = await creator();
    await putMethod(cookie, { type: 'paypal', email: 'pat@paypal.test' });
    const response = await requestPayout(cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'no_funds', message: 'No Funds: No available balance for payout.' });
    expect(await payoutRows(id)).toEqual([]);
  });

  it('pays out the whole balance as a processing payout; the same key gives the same payout back', async () => {
    const { cookie, id } = await fundedCreator(4321);
    const key = randomUUID();
    const first = await requestPayout(cookie, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      payout: { amountCents: 4321, status: 'processing', method: { type: 'paypal', email: 'pat@paypal.test' }, methodLabel: 'PayPal (pat@paypal.test)' },
      balanceCents: 0,
    });
    const again = await requestPayout(cookie, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().payout).toEqual(first.json().payout);
    expect(await payoutRows(id)).toHaveLength(1);

    const other = await requestPayout(cookie);
    expect(other.json().error.message).toBe(PAYOUT_MESSAGES.noFunds);
    const history = (await get('/api/payouts', cookie)).json();
    expect(history.balanceCents).toBe(0);
    expect(history.payouts).toEqual([first.json().payout]);
  });

  it('makes exactly one payout from 20 concurrent requests, and the balance never goes negative', async () => {
    const { cookie, id } = await fundedCreator(10_000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestPayout(cookie)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 400)) expect(response.json().error.message).toBe(PAYOUT_MESSAGES.noFunds);
    const rows = await payoutRows(id);
    expect(rows.map((row) => row.amountCents)).toEqual([10_000]);
    expect(await balanceOf(cookie)).toBe(0);
    const sums = await test.database.pool.query<{ paid: string }>(
      `SELECT coalesce(sum(amount_cents), 0) AS paid FROM payouts WHERE user_id = $1 AND status <> 'failed'`,
      [id],
    );
    expect(Number(sums.rows[0]!.paid)).toBeLessThanOrEqual(10_000);
  });

  it('makes one payout from 20 concurrent retries of the same request', async () => {
    const { cookie, id } = await fundedCreator(1777);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestPayout(cookie, key)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(responses.map((response) => response.json().payout.id)).size).toBe(1);
    expect(await payoutRows(id)).toHaveLength(1);
  });

  it('takes an amount: part of the balance, the rest stays', async () => {
    const { cookie, id } = await fundedCreator(5000);
    const first = await requestAmount(cookie, 2000);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ payout: { amountCents: 2000, status: 'processing' }, balanceCents: 3000 });
    expect((await requestAmount(cookie, 3000)).json()).toMatchObject({ payout: { amountCents: 3000 }, balanceCents: 0 });
    expect((await payoutRows(id)).map((row) => row.amountCents).sort()).toEqual([2000, 3000]);
  });

  it('refuses an amount below the minimum, above the balance, or not a whole positive number of cents', async () => {
    const { cookie, id } = await fundedCreator(5000);
    const low = await requestAmount(cookie, payoutMinimum() - 1);
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toEqual({ code: 'payout_below_minimum', message: 'The smallest payout is $10.00.', params: { minimum: '$10.00' } });
    const high = await requestAmount(cookie, 5001);
    expect(high.statusCode).toBe(400);
    expect(high.json().error).toEqual({
      code: 'payout_above_balance',
      message: 'You can request at most your available balance, $50.00.',
      params: { balance: '$50.00' },
    });
    for (const amount of [1500.5, -2000, 0]) {
      const refused = await requestAmount(cookie, amount);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'invalid_payout_amount', message: PAYOUT_MESSAGES.invalidPayoutAmount });
    }
    expect((await requestAmount(cookie, '2000')).statusCode).toBe(400);
    expect(await payoutRows(id)).toEqual([]);
    expect(await balanceOf(cookie)).toBe(5000);
    // Exactly the minimum and exactly the balance are fine.
    expect((await requestAmount(cookie, payoutMinimum())).statusCode).toBe(201);
    expect((await requestAmount(cookie, 4000)).statusCode).toBe(201);
  });

  it('refuses the whole balance when it is under the minimum', async () => {
    const { cookie, id } = await fundedCreator(999);
    const response = await requestPayout(cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('payout_below_minimum');
    expect(await payoutRows(id)).toEqual([]);
  });

  it('checks each amount against what earlier concurrent requests left: two requests of 60% make one payout', async () => {
    const { cookie, id } = await fundedCreator(10_000);
    const responses = await Promise.all([requestAmount(cookie, 6000), requestAmount(cookie, 6000)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const refused = responses.find((response) => response.statusCode === 400)!;
    expect(refused.json().error).toMatchObject({ code: 'payout_above_balance', params: { balance: '$40.00' } });
    expect((await payoutRows(id)).map((row) => row.amountCents)).toEqual([6000]);
    expect(await balanceOf(cookie)).toBe(4000);
  });

  it('makes payouts of at most the balance from 20 concurrent partial requests', async () => {
    const { cookie, id } = await fundedCreator(10_000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestAmount(cookie, 3000)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect((await payoutRows(id)).map((row) => row.amountCents)).toEqual([3000, 3000, 3000]);
    expect(await balanceOf(cookie)).toBe(1000);
  });

  it("shows no one else's payouts", async () => {
    const owner = await fundedCreator(1500);
    await requestPayout(owner.cookie);
    const other = await creator();
    expect((await get('/api/payouts', other.cookie)).json().payouts).toEqual([]);
  });
});

describe('admins process payouts', () => {
  async function processingPayout(cents = 2000) {
    const owner = await fundedCreator(cents);
    const payout = (await requestPayout(owner.cookie)).json().payout as { id: string };
    return { owner, payout };
  }

  it('refuses everyone else (403, 401 signed out) and changes nothing', async () => {
    const { owner, payout } = await processingPayout();
    const other = await creator();
    for (const cookie of [owner.cookie, other.cookie]) {
      for (const action of ['complete', 'fail']) {
        const response = await post(`/api/admin/payouts/${payout.id}/${action}`, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe('Access Denied. Admins only.');
      }
      expect((await get('/api/admin/transactions/payouts', cookie)).statusCode).toBe(403);
      expect((await get('/api/admin/transactions/sales', cookie)).statusCode).toBe(403);
    }
    const { cookie: userCookie } = await createSignedInUser(test, { role: 'user' });
    expect((await post(`/api/admin/payouts/${payout.id}/complete`, userCookie)).statusCode).toBe(403);
    expect((await post(`/api/admin/payouts/${payout.id}/complete`)).statusCode).toBe(401);
    expect((await payoutRows(owner.id))[0]).toMatchObject({ status: 'processing', processedAt: null, processedBy: null });
  });

  it('marks a payout completed, once, and writes the audit log', async () => {
    const { owner, payout } = await processingPayout(2000);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const response = await post(`/api/admin/payouts/${payout.id}/complete`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().payout).toMatchObject({ id: payout.id, status: 'completed' });
    expect((await payoutRows(owner.id))[0]).toMatchObject({ status: 'completed', processedBy: admin.id });
    expect(await balanceOf(owner.cookie)).toBe(0);

    const again = await post(`/api/admin/payouts/${payout.id}/fail`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PAYOUT_MESSAGES.payoutProcessed);

    const entries = await test.database.db.select().from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'payout.complete',
        targetType: 'payout',
        details: { userId: owner.id, amountCents: 2000 },
      }),
    ]);
  });

  it('marks a payout failed, which gives its amount back to the balance', async () => {
    const { owner, payout } = await processingPayout(3000);
    expect(await balanceOf(owner.cookie)).toBe(0);
    const admin = await createSignedInUser(test, { role: 'admin' });
    expect((await post(`/api/admin/payouts/${payout.id}/fail`, admin.cookie)).statusCode).toBe(200);
    expect(await balanceOf(owner.cookie)).toBe(3000);
    const history = (await get('/api/payouts', owner.cookie)).json().payouts;
    expect(history).toEqual([expect.objectContaining({ id: payout.id, status: 'failed' })]);
    const [entry] = await test.database.db.select().from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(entry?.action).toBe('payout.fail');
    // The returned amount can be requested again.
    expect((await requestPayout(owner.cookie)).json().payout.amountCents).toBe(3000);
  });

  it('answers 404 for an unknown payout', async () => {
    const admin = await createSignedInUser(test, { role: 'admin' });
    expect((await post(`/api/admin/payouts/${randomUUID()}/complete`, admin.cookie)).statusCode).toBe(404);
    expect((await post('/api/admin/payouts/nope/complete', admin.cookie)).json().error.message).toBe(PAYOUT_MESSAGES.payoutNotFound);
  });

  it('lists payouts with their creators and counts those awaiting an admin', async () => {
    const { owner, payout } = await processingPayout(1500);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const response = await get('/api/admin/transactions/payouts?status=processing', admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toContainEqual(
      expect.objectContaining({ id: payout.id, creatorId: owner.id, creatorName: 'Pat Payee', creatorEmail: owner.email, amountCents: 1500, status: 'processing', methodLabel: 'PayPal (pat@paypal.test)' }),
    );
    expect(body.items.every((item: { status: string }) => item.status === 'processing')).toBe(true);
    expect(body.pendingCount).toBe(body.total);
  });

  it('gives the admin the bank details a payout is paid to: holder, country and IBAN', async () => {
    const owner = await creator();
    const method = { type: 'bank', holder: 'Pat Payee', country: 'GB', iban: 'GB29NWBK60161331926819' };
    expect((await putMethod(owner.cookie, { ...method, iban: 'GB29 NWBK 6016 1331 9268 19' })).statusCode).toBe(200);
    await seedSale(test.database, owner.id, 2500, 'completed', 0);
    const payout = (await requestPayout(owner.cookie)).json().payout;
    const admin = await createSignedInUser(test, { role: 'admin' });
    const body = (await get('/api/admin/transactions/payouts?status=processing&pageSize=100', admin.cookie)).json();
    expect(body.items).toContainEqual(expect.objectContaining({ id: payout.id, method, methodLabel: 'Bank account ••••6819' }));
    // The creator's payout keeps the details it was requested with, whatever the method becomes.
    await putMethod(owner.cookie, { type: 'paypal', email: 'pat@paypal.test' });
    expect((await get('/api/payouts', owner.cookie)).json().payouts[0].method).toEqual(method);
  });

  it('lists sales with creator, product, buyer, amount, fee, status and date', async () => {
    const owner = await creator('Sally Seller');
    const sale = await seedSale(test.database, owner.id, 1999);
    const admin = await createSignedInUser(test, { role: 'admin' });
    const response = await get('/api/admin/transactions/sales?page=1&pageSize=100', admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual({
      kind: 'sale',
      id: sale.id,
      invoiceId: null,
      creatorId: owner.id,
      creatorName: 'Sally Seller',
      productId: null,
      productName: 'Seeded Product',
      buyerEmail: 'buyer@example.com',
      amountCents: 1999,
      currency: 'USD',
      feeCents: 20,
      refundedCents: 0,
      status: 'completed',
      createdAt: sale.createdAt.toISOString(),
    });
  });
});

// Issue #20 item 6: earnings, balance, fees and revenue mean one thing on every screen
// (src/shared/sales-money.ts), for sales and invoices paid on their payment page alike.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, listeningTestApp, request, uniqueEmail } from '../../test/test-app.ts';
import { createInvoice, invoiceBody, payOrder, startPayment } from '../invoices/test-helpers.ts';
import { buy, createProduct, salesOf } from '../orders/test-helpers.ts';

// Its own database: the platform-wide figures are this file's money only.
const app = listeningTestApp();

const get = async (url: string, cookie: string) => {
  const response = await request(app.test.app, { method: 'GET', url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const post = (url: string, cookie: string, headers: Record<string, string> = {}) => request(app.test.app, { method: 'POST', url, cookie, headers, payload: {} });

/** The money figures as each screen shows them. */
async function screens(creatorCookie: string, adminCookie: string) {
  const overview = await get('/api/my/overview', creatorCookie);
  const payouts = await get('/api/payouts', creatorCookie);
  const admin = await get('/api/admin/overview', adminCookie);
  const transactions = await get('/api/admin/transactions/sales?pageSize=100', adminCookie);
  return {
    overview: { earnings: overview.totalEarningsCents, fees: overview.totalFeesCents, chartToday: overview.earningsByDay.at(-1).amountCents },
    payouts: { balance: payouts.balanceCents },
    admin: { revenue: admin.byCurrency[0].totalRevenueCents, fees: admin.byCurrency[0].totalFeesCents, refunds: admin.byCurrency[0].totalRefundsCents },
    transactions: {
      revenue: transactions.totals?.byCurrency[0].totalRevenueCents,
      fees: transactions.totals?.byCurrency[0].totalFeesCents,
      refunds: transactions.totals?.byCurrency[0].totalRefundsCents,
    },
    rows: transactions.items as { kind?: string; amountCents: number; feeCents: number; status: string }[],
    recent: admin.recentTransactions as { kind?: string; amountCents: number }[],
  };
}

describe('money figures', () => {
  it('a paid sale, a refunded sale and a paid invoice show the same figures on the overview, payouts, admin overview and transactions', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Mona Money' }); // Free plan: 1% per sale
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    const kept = await createProduct(app.base, creator.cookie, { price: '18.00' });
    const returned = await createProduct(app.base, creator.cookie, { price: '5.00' });
    await buy(app.test, uniqueEmail('fan'), [kept.id]);
    const [refund] = await salesOf(app.test, await buy(app.test, uniqueEmail('fan'), [returned.id]));
    expect((await post(`/api/sales/${refund!.id}/refund`, creator.cookie)).statusCode).toBe(200);
    const invoice = await createInvoice(app.test.app, creator.cookie, invoiceBody({ items: [{ name: 'Consulting', quantity: 1, unitPrice: '571.50' }] }));
    expect((await payOrder(app.test.app, await startPayment(app.test.app, invoice.id))).statusCode).toBe(200);

    // Gross 1800 + 500 + 57150; refunds 500; fees 1% of the kept sale (the invoice carries none).
    const revenue = 1800 + 57_150;
    const fees = 18;
    const earnings = revenue - fees;
    const figures = await screens(creator.cookie, admin.cookie);
    expect({ overview: figures.overview, payouts: figures.payouts, admin: figures.admin, transactions: figures.transactions }).toEqual({
      overview: { earnings, fees, chartToday: earnings },
      payouts: { balance: earnings },
      admin: { revenue, fees, refunds: 500 },
      transactions: { revenue, fees, refunds: 500 },
    });
    // The transactions list the invoice beside the sales, and the admin's recent transactions too.
    expect(figures.rows).toContainEqual(expect.objectContaining({ kind: 'invoice', amountCents: 57_150, feeCents: 0, status: 'completed' }));
    expect(figures.rows.filter((row) => row.kind === 'sale').map((row) => [row.amountCents, row.feeCents, row.status])).toEqual(
      expect.arrayContaining([
        [1800, 18, 'completed'],
        [500, 0, 'refunded'], // its fee went back with the refund
      ]),
    );
    expect(figures.recent[0]).toMatchObject({ kind: 'invoice', amountCents: 57_150 });

    // A payout takes the balance, not the earnings; completing it changes neither earnings nor revenue.
    await request(app.test.app, { method: 'PUT', url: '/api/payouts/method', cookie: creator.cookie, payload: { type: 'paypal', email: 'mona@paypal.test' } });
    const payout = await post('/api/payouts', creator.cookie, { 'idempotency-key': randomUUID() });
    expect(payout.json()).toMatchObject({ payout: { amountCents: earnings }, balanceCents: 0 });
    expect((await post(`/api/admin/payouts/${payout.json().payout.id}/complete`, admin.cookie)).statusCode).toBe(200);
    const after = await screens(creator.cookie, admin.cookie);
    expect({ ...after.overview, ...after.payouts, revenue: after.admin.revenue }).toEqual({ earnings, fees, chartToday: earnings, balance: 0, revenue });
  });
});

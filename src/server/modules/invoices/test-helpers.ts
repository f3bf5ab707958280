// Factories for the billing tests: invoices through the API, sales straight into the tables.
import { postSaleToLedger } from '../sales/queries.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { sales } from '../../db/schema/sales.ts';
import { request } from '../../test/test-app.ts';

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };

export const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  clientName: 'Acme Ltd',
  clientEmail: 'billing@acme.test',
  description: 'Brand refresh',
  items: [
    { name: 'Logo design', quantity: '2', unitPrice: '150.00' },
    { name: 'Business cards', quantity: 1, unitPrice: '49.99' },
  ],
  ...overrides,
});

export async function createInvoice(app: FastifyInstance, cookie: string, body: Record<string, unknown> = invoiceBody()) {
  const response = await request(app, { method: 'POST', url: '/api/invoices', cookie, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invoice as { id: string; totalCents: number; status: string; payUrl: string; dueAt: string; createdAt: string };
}

/** Starts a payment of the invoice as its payer would; returns the new order's id. */
export async function startPayment(app: FastifyInstance, invoiceId: string, email?: string) {
  const response = await request(app, { method: 'POST', url: `/api/pay/${invoiceId}/orders`, payload: email ? { email } : {} });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order.id as string;
}

export const payOrder = (app: FastifyInstance, orderId: string, card = GOOD_CARD) =>
  request(app, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: { card } });

/** A completed (or refunded) sale of `amountCents` for the creator, as a paid checkout leaves it (the Free plan's 1% fee unless told). */
export async function seedSale(
  database: Database,
  creatorId: string,
  amountCents: number,
  status: 'completed' | 'refunded' = 'completed',
  feeCents = Math.round(amountCents / 100),
) {
  const orderId = `ord_${randomBytes(12).toString('hex')}`;
  await database.db.insert(orders).values({ id: orderId, kind: 'products', buyerEmail: 'buyer@example.com', totalCents: amountCents, status: 'paid', provider: 'test', paidAt: new Date() });
  return database.db.transaction(async (tx) => {
    const [sale] = await tx
      .insert(sales)
      .values({ orderId, productName: 'Seeded Product', creatorId, buyerEmail: 'buyer@example.com', amountCents, feeCents, status, refundedCents: status === 'refunded' ? amountCents : 0 })
      .returning();
    await postSaleToLedger(tx, sale!);
    return sale!;
  });
}

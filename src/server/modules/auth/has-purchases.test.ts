// Issue #20 item 2: Library is in the navigation of everyone who has bought something; GET /api/me
// says so per account (hasPurchases).
import { describe, expect, it } from 'vitest';
import { createSignedInUser, listeningTestApp, request } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';

const app = listeningTestApp();

const hasPurchases = async (cookie: string) => {
  const response = await request(app.test.app, { method: 'GET', url: '/api/me', cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: { hasPurchases: boolean } }>().user.hasPurchases;
};

describe('GET /api/me hasPurchases', () => {
  it('is false until the account has a paid order, then true for that account only', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const buyer = await createSignedInUser(app.test, { role: 'user' });
    const company = await createSignedInUser(app.test, { role: 'company' });
    const other = await createSignedInUser(app.test, { role: 'user' });
    const product = await createProduct(app.base, creator.cookie);

    for (const account of [creator, buyer, company, other]) expect(await hasPurchases(account.cookie)).toBe(false);

    await buy(app.test, buyer.email, [product.id], buyer.cookie);
    expect(await hasPurchases(buyer.cookie)).toBe(true);
    expect(await hasPurchases(company.cookie)).toBe(false);
    expect(await hasPurchases(other.cookie)).toBe(false);
    // Selling is not buying.
    expect(await hasPurchases(creator.cookie)).toBe(false);

    // Any role that buys gets it: a company here.
    await buy(app.test, company.email, [product.id], company.cookie);
    expect(await hasPurchases(company.cookie)).toBe(true);
    expect(await hasPurchases(other.cookie)).toBe(false);
  });

  it('is absent for a signed-out visitor', async () => {
    const response = await request(app.test.app, { method: 'GET', url: '/api/me' });
    expect(response.json()).toEqual({ user: null });
  });
});

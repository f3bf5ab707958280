// Issue #46: the creator's home (Sales, Analytics, Customers, the audience import and export) is its
// creator's alone. Each route is tried as a guest, as a bot, with HEAD, and as another creator, whose
// answer must hold nothing of the first creator's store.
import { describe, expect, it } from 'vitest';
import { buy, createProduct, salesOf } from '../modules/orders/test-helpers.ts';
import { createSignedInUser, listeningTestApp, request } from './test-app.ts';

const app = listeningTestApp();
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe("the creator's home", () => {
  it('answers its creator alone: a guest, a bot and HEAD without a session are refused; another creator sees nothing of it', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { name: 'Private Planner', price: '9' });
    const buyer = 'home-access-buyer@example.com';
    const [sale] = await salesOf(app.test, await buy(app.test, buyer, [product.id]));
    const reads = [
      '/api/my/sales',
      '/api/my/sales/filters',
      `/api/sales/${sale!.id}`,
      '/api/sales/export.csv',
      '/api/my/analytics',
      `/api/my/analytics?productId=${product.id}`,
      '/api/my/customers',
      `/api/my/customers/${encodeURIComponent(buyer)}`,
      '/api/audience/export.csv',
    ];

    for (const url of reads) {
      expect((await request(app.test.app, { method: 'GET', url })).statusCode, `guest GET ${url}`).toBe(401);
      expect((await request(app.test.app, { method: 'GET', url, headers: { 'user-agent': BOT } })).statusCode, `bot GET ${url}`).toBe(401);
      expect((await request(app.test.app, { method: 'HEAD', url })).statusCode, `guest HEAD ${url}`).toBe(401);
      const own = await request(app.test.app, { method: 'HEAD', url, cookie: creator.cookie });
      expect(own.statusCode, `creator HEAD ${url}`).toBe(200);
      expect(own.body).toBe('');
    }
    const imported = await request(app.test.app, { method: 'POST', url: '/api/audience/import', headers: { 'user-agent': BOT } });
    expect(imported.statusCode).toBe(401);

    // Another creator: the sale, the buyer and the product are not found; their own lists hold nothing of them.
    for (const url of [`/api/sales/${sale!.id}`, `/api/my/analytics?productId=${product.id}`, `/api/my/customers/${encodeURIComponent(buyer)}`]) {
      expect((await request(app.test.app, { method: 'GET', url, cookie: other.cookie })).statusCode, `other creator GET ${url}`).toBe(404);
    }
    for (const url of ['/api/my/sales', '/api/my/sales/filters', '/api/sales/export.csv', '/api/my/analytics', '/api/my/customers', '/api/audience/export.csv']) {
      const answer = await request(app.test.app, { method: 'GET', url, cookie: other.cookie });
      expect(answer.statusCode, `other creator GET ${url}`).toBe(200);
      expect(answer.body, url).not.toContain(buyer);
      expect(answer.body, url).not.toContain('Private Planner');
    }
    const refund = await request(app.test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, cookie: other.cookie, payload: {} });
    expect(refund.statusCode).toBe(404);
  });
});

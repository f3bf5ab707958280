import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '#shared/products-contact.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { createSignedInUser, createTestApp, mailSent, request, type TestApp } from '../../test/test-app.ts';
import { createProduct } from '../orders/test-helpers.ts';

let test: TestApp;
let base: string;
beforeAll(async () => {
  test = await createTestApp({ CONTACT_RATE_LIMIT_MAX: '3' });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const contact = (productId: string, payload: object, options: { cookie?: string; ip?: string } = {}) =>
  request(test.app, { method: 'POST', url: `/api/products/${productId}/contact`, payload, cookie: options.cookie, remoteAddress: options.ip ?? '10.9.0.1' });

/** The Contact Creator mails `email` received (not its account mails). */
async function mailsTo(email: string) {
  await mailSent(test.database);
  const { rows } = await test.database.pool.query(`SELECT subject, text FROM dev_mailbox WHERE "to" = $1 AND subject = 'A question about your product on Zerri' ORDER BY id`, [email]);
  return rows as { subject: string; text: string }[];
}

describe('Contact Creator', () => {
  it('mails the message to the creator, answerable by replying to the visitor', async () => {
    const creator = await createSignedInUser(test, { role: 'creator', name: 'Rosa Marin' });
    const product = await createProduct(base, creator.cookie, { name: 'Watercolour Brushes' });
    const sent = await contact(product.id, { name: ' Tom Buyer ', email: 'tom@example.com', message: ' Does it work with Procreate? ' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ title: CONTACT_MESSAGES.sentTitle, message: CONTACT_MESSAGES.sent('Rosa Marin') });
    const [mail] = await mailsTo(creator.email);
    expect(mail!.subject).toBe('A question about your product on Zerri'); // nothing a visitor or creator wrote
    expect(mail!.text).toContain('Tom Buyer (tom@example.com) wrote to you about Watercolour Brushes');
    expect(mail!.text).toContain('Reply-To: tom@example.com');
    expect(mail!.text).toContain('Does it work with Procreate?');
    expect(mail!.text).toContain(`/store/product/${product.slug}`);
  });

  it('refuses empty or bad fields with their messages, unknown products and the creator themself', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie);
    const good = { name: 'Ann', email: 'ann@example.com', message: 'Hello' };
    const cases: [object, string][] = [
      [{}, CONTACT_MESSAGES.nameRequired],
      [{ ...good, name: '   ' }, CONTACT_MESSAGES.nameRequired],
      [{ ...good, email: 'ann@' }, CONTACT_MESSAGES.emailInvalid],
      [{ ...good, message: '' }, CONTACT_MESSAGES.messageRequired],
      [{ ...good, message: 'x'.repeat(2001) }, CONTACT_MESSAGES.messageTooLong],
    ];
    for (const [payload, message] of cases) {
      const refused = await contact(product.id, payload, { ip: '10.9.0.2' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const unknown = await contact('00000000-0000-4000-8000-000000000000', good, { ip: '10.9.0.2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PRODUCT_MESSAGES.notFound);
    const self = await contact(product.id, good, { cookie: creator.cookie, ip: '10.9.0.2' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(CONTACT_MESSAGES.ownProduct);

    // A product an admin hid cannot be reached either.
    await test.database.pool.query('UPDATE products SET hidden_at = now() WHERE id = $1', [product.id]);
    expect((await contact(product.id, good, { ip: '10.9.0.2' })).statusCode).toBe(404);
    expect(await mailsTo(creator.email)).toEqual([]);
  });

  it('limits messages per network', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const product = await createProduct(base, creator.cookie);
    const message = { name: 'Spammer', email: 'spam@example.com', message: 'Buy my stuff' };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await contact(product.id, message, { ip: '10.9.0.3' })).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    expect(await mailsTo(creator.email)).toHaveLength(3);
    expect((await contact(product.id, message, { ip: '10.9.0.4' })).statusCode).toBe(202);
  });
});

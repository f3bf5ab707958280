import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX } from '#shared/products-reviews.ts';
import { PUBLIC_CHANNEL, type RealtimeEvent } from '#shared/realtime.ts';
import { createSignedInUser, listeningTestApp, request } from '../../test/test-app.ts';
import { buy, createProduct } from '../orders/test-helpers.ts';

const app = listeningTestApp();

const get = (url: string, cookie?: string) => request(app.test.app, { method: 'GET', url, cookie });
const post = (url: string, payload: unknown, cookie?: string) => request(app.test.app, { method: 'POST', url, payload: payload as object, cookie });

/** A creator's product with one buyer's review; returns the URLs of its reviews and of the review's reply. */
async function reviewedProduct() {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Ada Maker' });
  const product = await createProduct(app.base, creator.cookie);
  const buyer = await createSignedInUser(app.test, { role: 'user' });
  await buy(app.test, buyer.email, [product.id], buyer.cookie);
  const reviews = `/api/products/${product.id}/reviews`;
  const created = await post(reviews, { rating: 4, body: 'Good guide.' }, buyer.cookie);
  expect(created.statusCode, created.body).toBe(201);
  const reviewId = created.json().review.id as string;
  return { creator, product, buyer, reviews, reviewId, replyUrl: `${reviews}/${reviewId}/reply` };
}

describe('review replies', () => {
  it('the creator replies once; the reply is trimmed and shows under the review for everyone', async () => {
    const { creator, reviews, replyUrl, reviewId, product } = await reviewedProduct();
    expect((await get(reviews, creator.cookie)).json().viewer.canReply).toBe(true);
    expect((await get(reviews)).json().items[0].reply).toBeNull();
    const events: RealtimeEvent[] = [];
    const stop = app.test.app.zerri.realtime.subscribe([PUBLIC_CHANNEL], (event) => events.push(event));

    const replied = await post(replyUrl, { body: '  Thank you for buying!  ' }, creator.cookie);
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().reply).toMatchObject({ body: 'Thank you for buying!' });
    expect(Date.parse(replied.json().reply.repliedAt)).not.toBeNaN();
    await expect.poll(() => events.some((event) => event.type === 'products.changed' && (event.data as { id: string }).id === product.id)).toBe(true);
    stop();

    const listed = (await get(reviews)).json();
    expect(listed.viewer.canReply).toBe(false);
    expect(listed.items).toEqual([expect.objectContaining({ id: reviewId, body: 'Good guide.', reply: replied.json().reply })]);

    const again = await post(replyUrl, { body: 'A second word.' }, creator.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'already_replied', message: REVIEW_MESSAGES.replyDuplicate });
    expect((await get(reviews)).json().items[0].reply.body).toBe('Thank you for buying!');
  });

  it('two replies sent at once: one is kept, the other told it was already replied', async () => {
    const { creator, replyUrl, reviews } = await reviewedProduct();
    const answers = await Promise.all(['First.', 'Second.'].map((body) => post(replyUrl, { body }, creator.cookie)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const kept = answers.find((answer) => answer.statusCode === 201)!.json().reply.body;
    expect((await get(reviews)).json().items[0].reply.body).toBe(kept);
  });

  it('refuses everyone but the product’s creator: another creator, the reviewer, a visitor, an admin', async () => {
    const { buyer, reviews, replyUrl } = await reviewedProduct();
    const otherCreator = await createSignedInUser(app.test, { role: 'creator' });
    const admin = await createSignedInUser(app.test, { role: 'admin' });
    expect((await post(replyUrl, { body: 'Hi' })).statusCode).toBe(401);
    for (const who of [otherCreator, buyer, admin]) {
      const refused = await post(replyUrl, { body: 'Hi' }, who.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'not_product_creator', message: REVIEW_MESSAGES.replyNotCreator });
      expect((await get(reviews, who.cookie)).json().viewer.canReply).toBe(false);
    }
    expect((await get(reviews)).json().items[0].reply).toBeNull();
  });

  it('checks the reply’s text and that the review is one of the product’s', async () => {
    const { creator, replyUrl, reviews } = await reviewedProduct();
    const blank = await post(replyUrl, { body: '   ' }, creator.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(REVIEW_MESSAGES.replyRequired);
    expect((await post(replyUrl, {}, creator.cookie)).json().error.message).toBe(REVIEW_MESSAGES.replyRequired);
    const long = await post(replyUrl, { body: 'x'.repeat(REVIEW_REPLY_MAX + 1) }, creator.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(REVIEW_MESSAGES.replyTooLong);
    expect((await post(replyUrl, { body: 'x'.repeat(REVIEW_REPLY_MAX) }, creator.cookie)).statusCode).toBe(201);

    // A review of another creator's product, sent through this product's URL, is not found.
    const { reviewId: elsewhere } = await reviewedProduct();
    const otherProductUrl = reviews.replace(/reviews$/, `reviews/${elsewhere}/reply`);
    const notHis = await post(otherProductUrl, { body: 'Hi' }, creator.cookie);
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json().error).toMatchObject({ code: 'review_not_found', message: REVIEW_MESSAGES.reviewNotFound });
    expect((await post(reviews.replace(/reviews$/, `reviews/${randomUUID()}/reply`), { body: 'Hi' }, creator.cookie)).statusCode).toBe(404);
  });
});

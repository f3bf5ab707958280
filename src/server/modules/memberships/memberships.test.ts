// Memberships through the test provider, with the app's clock moved forward by the tests and the
// life-cycle task run by hand (decision 022): trial, charges, renewals, a failed renewal's grace
// period and end, cancel and resume, tier changes, and who may see and do what.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES, prorationCents } from '#shared/memberships.ts';
import type { Membership, Members } from '#shared/memberships-api.ts';
import { PLANS } from '#shared/plans.ts';
import { platformFeeCents } from '#shared/sales.ts';
import { MovableClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { createSignedInUser, listeningTestApp, mailSent, request, TEST_ORIGIN } from '../../test/test-app.ts';
import { checkout, createProduct, GOOD_CARD } from '../orders/test-helpers.ts';
import { runMembershipCycle } from './service.ts';

const clock = new MovableClock();
const app = listeningTestApp({ clock });

const DECLINES_LATER_CARD = { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' };
const FREE_FEE_BPS = PLANS.find((plan) => plan.id === 'free')!.platformFeeBps;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) => request(app.test.app, { method, url, payload, cookie });

/** Moves the clock and runs the life-cycle task, as its timer would. */
async function passDays(days: number) {
  clock.advanceDays(days);
  await runMembershipCycle(app.test.app.zerri as AppContext);
}

async function membershipProduct(plan: { trialDays: number; monthlyCents?: number | null; yearlyCents?: number | null }) {
  const creator = await createSignedInUser(app.test, { role: 'creator' });
  const product = await createProduct(app.base, creator.cookie, { name: `Club ${randomBytes(3).toString('hex')}`, price: '0' });
  const saved = await call(
    'PUT',
    `/api/memberships/plans/${product.id}`,
    { trialDays: plan.trialDays, tiers: [{ versionId: null, monthlyCents: plan.monthlyCents ?? 1000, yearlyCents: plan.yearlyCents ?? null }] },
    creator.cookie,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { creator, product };
}

async function join(cookie: string, productId: string, card = GOOD_CARD, extra: { versionId?: string; interval?: 'month' | 'year' } = {}) {
  const response = await call('POST', '/api/memberships', { productId, interval: 'month', card, ...extra }, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { membership: Membership }).membership;
}

async function membershipOf(cookie: string, id: string) {
  const list = await call('GET', '/api/memberships', undefined, cookie);
  expect(list.statusCode).toBe(200);
  return (list.json() as { items: Membership[] }).items.find((item) => item.id === id)!;
}

async function salesOfSubscription(id: string) {
  const { rows } = await app.test.database.pool.query(
    `SELECT s.amount_cents, s.fee_cents, s.creator_id, s.status FROM sales s JOIN orders o ON o.id = s.order_id WHERE o.subscription_id = $1 ORDER BY s.created_at`,
    [id],
  );
  return rows as { amount_cents: number; fee_cents: number; creator_id: string; status: string }[];
}

async function mailsTo(email: string) {
  await mailSent(app.test.database);
  const { rows } = await app.test.database.pool.query(`SELECT subject, text FROM dev_mailbox WHERE "to" = $1 ORDER BY id`, [email]);
  return rows as { subject: string; text: string }[];
}

async function membersOnlyPost(cookie: string, productId: string, content: string) {
  const form = new FormData();
  form.append('content', content);
  form.append('membersProductId', productId);
  const response = await fetch(`${app.base}/api/posts`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: { id: string; membersOnly: boolean } }).post;
}

const canReadPost = async (postId: string, cookie?: string) => (await call('GET', `/api/posts/${postId}`, undefined, cookie)).statusCode === 200;
const feedHas = async (postId: string, cookie?: string) =>
  ((await call('GET', '/api/posts?feed=all&limit=50', undefined, cookie)).json() as { items: { id: string }[] }).items.some((post) => post.id === postId);
const canDownload = async (id: string, cookie: string) => (await call('GET', `/api/memberships/${id}/download`, undefined, cookie)).statusCode === 200;

/** A sent post of the creator that attaches a file to the product (a product update), for its buyers' libraries. */
async function productUpdate(cookie: string, productId: string) {
  const created = await call('POST', '/api/audience/posts', { subject: 'Members update', body: 'New files.', audience: { kind: 'customers' }, updateProductId: productId }, cookie);
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('members pack v2'))]), 'pack-v2.zip');
  expect((await fetch(`${app.base}/api/audience/posts/${id}/files`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie }, body: form })).status).toBe(200);
  const sent = await call('POST', `/api/audience/posts/${id}/send`, {}, cookie);
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

/** The files of an update in the member's library (undefined: the update is not there). */
const updateFiles = async (cookie: string, postId: string) =>
  ((await call('GET', '/api/audience/updates', undefined, cookie)).json() as { items: { id: string; files: { url: string }[] }[] }).items.find((item) => item.id === postId)?.files;

describe('a membership product', () => {
  it('is set up by its creator only and is joined from its page, not the cart', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 7, monthlyCents: 900, yearlyCents: 9000 });
    const other = await createSignedInUser(app.test, { role: 'creator' });
    const body = { trialDays: 3, tiers: [{ versionId: null, monthlyCents: 500, yearlyCents: null }] };
    expect((await call('PUT', `/api/memberships/plans/${product.id}`, body)).statusCode).toBe(401);
    expect((await call('PUT', `/api/memberships/plans/${product.id}`, body, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/memberships/plans/${product.id}`, undefined, other.cookie)).statusCode).toBe(404);
    const noPrice = await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers: [{ versionId: null, monthlyCents: null, yearlyCents: null }] }, creator.cookie);
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.body).toContain(MEMBERSHIP_MESSAGES.priceMissing);
    const longTrial = await call('PUT', `/api/memberships/plans/${product.id}`, { ...body, trialDays: 400 }, creator.cookie);
    expect(longTrial.body).toContain(MEMBERSHIP_MESSAGES.trialInvalid);

    // Anyone reads the plan; the creator's list of membership products has it.
    const plan = await call('GET', `/api/memberships/plans/${product.id}`);
    // The product's own answer says so: its page asks for the plan only then (no 404 for other products).
    const productAnswer = async () => (await call('GET', `/api/products/${product.id}`)).json().product.hasMembershipPlan;
    expect(await productAnswer()).toBe(true);
    expect(plan.json()).toMatchObject({ productId: product.id, trialDays: 7, tiers: [{ versionId: null, monthlyCents: 900, yearlyCents: 9000 }] });
    expect((await call('GET', '/api/memberships/products', undefined, creator.cookie)).json()).toEqual({ items: [{ productId: product.id, name: product.name }] });

    const buyer = await createSignedInUser(app.test);
    const cart = await checkout(app.test, { email: buyer.email, productIds: [product.id] }, buyer.cookie);
    expect(cart.statusCode).toBe(400);
    expect(cart.json().error.code).toBe('membership_checkout');
    // Joining needs an account, a card that is taken, and not one's own product.
    expect((await call('POST', '/api/memberships', { productId: product.id, interval: 'month', card: GOOD_CARD })).statusCode).toBe(401);
    const declined = await call('POST', '/api/memberships', { productId: product.id, interval: 'month', card: { ...GOOD_CARD, number: '4000 0000 0000 0002' } }, buyer.cookie);
    expect(declined.statusCode).toBe(402);
    const own = await call('POST', '/api/memberships', { productId: product.id, interval: 'month', card: GOOD_CARD }, creator.cookie);
    expect(own.json().error.code).toBe('own_membership');
    await join(buyer.cookie, product.id);
    const twice = await call('POST', '/api/memberships', { productId: product.id, interval: 'year', card: GOOD_CARD }, buyer.cookie);
    expect(twice.statusCode).toBe(409);

    // No longer a membership: the plan goes; its member keeps their subscription.
    expect((await call('DELETE', `/api/memberships/plans/${product.id}`, undefined, creator.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/memberships/plans/${product.id}`)).statusCode).toBe(404);
    expect(await productAnswer()).toBe(false);
    expect((await call('GET', '/api/memberships', undefined, buyer.cookie)).json().items).toHaveLength(1);
  });
});

describe('the life cycle on the test provider’s clock', () => {
  it('goes from a trial to paid periods, each a sale with the plan’s fee and a receipt; access follows the status', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 7, monthlyCents: 1200 });
    const member = await createSignedInUser(app.test);
    const stranger = await createSignedInUser(app.test);
    const post = await membersOnlyPost(creator.cookie, product.id, 'For members: the secret chapter');
    expect(post.membersOnly).toBe(true);

    const joined = await join(member.cookie, product.id);
    expect(joined).toMatchObject({ status: 'trialing', priceCents: 1200, cancelAtPeriodEnd: false });
    expect(new Date(joined.currentPeriodEnd).getTime() - new Date(joined.createdAt).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(joined.nextChargeAt).toBe(joined.currentPeriodEnd);
    expect(await salesOfSubscription(joined.id)).toEqual([]);

    // Members (trial included) and the author read the post and get the file; nobody else does.
    expect(await canReadPost(post.id, member.cookie)).toBe(true);
    expect(await feedHas(post.id, member.cookie)).toBe(true);
    expect(await canReadPost(post.id, creator.cookie)).toBe(true);
    expect(await canReadPost(post.id, stranger.cookie)).toBe(false);
    expect(await canReadPost(post.id)).toBe(false);
    expect(await feedHas(post.id, stranger.cookie)).toBe(false);
    expect((await call('GET', `/api/posts/${post.id}/comments`, undefined, stranger.cookie)).statusCode).toBe(404);
    expect(await canDownload(joined.id, member.cookie)).toBe(true);
    expect((await call('GET', `/api/memberships/${joined.id}/download`, undefined, stranger.cookie)).statusCode).toBe(404);

    // The trial ends: the first period is charged.
    await passDays(7);
    const first = await membershipOf(member.cookie, joined.id);
    expect(first.status).toBe('active');
    expect(first.currentPeriodEnd > joined.currentPeriodEnd).toBe(true);
    expect(await salesOfSubscription(joined.id)).toEqual([
      { amount_cents: 1200, fee_cents: platformFeeCents(1200, FREE_FEE_BPS), creator_id: creator.id, status: 'completed' },
    ]);
    expect((await mailsTo(member.email)).filter((mail) => mail.text.includes(product.name)).length).toBeGreaterThanOrEqual(1);

    // Running the task again at the same moment changes nothing.
    await runMembershipCycle(app.test.app.zerri as AppContext);
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);

    // A month on: a renewal, another sale.
    await passDays(31);
    const renewed = await membershipOf(member.cookie, joined.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd > first.currentPeriodEnd).toBe(true);
    expect(await salesOfSubscription(joined.id)).toHaveLength(2);
    // The periods' sales are the creator's earnings: the sales list has them, the buyer's library does not.
    const library = (await call('GET', '/api/library', undefined, member.cookie)).json() as { items: unknown[] };
    expect(library.items).toEqual([]);
    expect(await canReadPost(post.id, member.cookie)).toBe(true);
  });

  it('gives a failed renewal a grace period with a mail, then ends access with another', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 0, monthlyCents: 800 });
    const member = await createSignedInUser(app.test);
    const post = await membersOnlyPost(creator.cookie, product.id, 'Members only, again');
    // This card is taken at checkout and declines every later charge.
    const joined = await join(member.cookie, product.id, DECLINES_LATER_CARD);
    expect(joined.status).toBe('active');
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);

    await passDays(32);
    const pastDue = await membershipOf(member.cookie, joined.id);
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.graceEndsAt).not.toBeNull();
    expect(new Date(pastDue.graceEndsAt!).getTime() - new Date(pastDue.currentPeriodEnd).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);
    const failed = (await mailsTo(member.email)).find((mail) => mail.subject.includes('payment failed'));
    expect(failed?.text).toContain(product.name);
    // During the grace period the member keeps access, to a product update's files too.
    expect(await canReadPost(post.id, member.cookie)).toBe(true);
    expect(await canDownload(joined.id, member.cookie)).toBe(true);
    const update = await productUpdate(creator.cookie, product.id);
    const [file] = (await updateFiles(member.cookie, update))!;
    expect((await call('GET', file!.url, undefined, member.cookie)).statusCode).toBe(200);
    // Mail to the product's buyers goes to its members while they have access: a members-only update.
    const audience = async (filter: object) => ((await call('POST', '/api/audience/count', filter, creator.cookie)).json() as { count: number }).count;
    expect(await audience({ kind: 'product', productId: product.id })).toBe(1);

    await passDays(8);
    const ended = await membershipOf(member.cookie, joined.id);
    expect(ended).toMatchObject({ status: 'ended', nextChargeAt: null });
    expect((await mailsTo(member.email)).some((mail) => mail.subject.includes('has ended'))).toBe(true);
    expect(await canReadPost(post.id, member.cookie)).toBe(false);
    expect(await canDownload(joined.id, member.cookie)).toBe(false);
    expect(await updateFiles(member.cookie, update)).toEqual([]); // the mailed post stays, its files go
    expect(await audience({ kind: 'product', productId: product.id })).toBe(0);
    expect(await audience({ kind: 'customers' })).toBe(1); // a customer still, no longer a member
    expect((await call('GET', file!.url, undefined, member.cookie)).statusCode).toBe(404);
    // The first period's receipt link stops too.
    const { rows } = await app.test.database.pool.query(
      `SELECT s.id FROM sales s JOIN orders o ON o.id = s.order_id WHERE o.subscription_id = $1`,
      [joined.id],
    );
    const signer = (app.test.app.zerri as AppContext).orders.downloadLinks;
    expect((await call('GET', signer.path((rows[0] as { id: string }).id))).statusCode).toBe(410);
    // Members, MRR and churn for the creator.
    const members = (await call('GET', '/api/memberships/members', undefined, creator.cookie)).json() as Members;
    expect(members.counts).toEqual({ active: 0, trialing: 0, pastDue: 0, canceled: 1 });
    expect(members.mrr).toEqual([]);
  });

  it('takes a new card from a past-due member and charges the failed renewal to it; nobody else can, nor after the end', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 0, monthlyCents: 600 });
    const member = await createSignedInUser(app.test);
    const stranger = await createSignedInUser(app.test);
    const joined = await join(member.cookie, product.id, DECLINES_LATER_CARD);
    const orphan = await createSignedInUser(app.test);
    const orphaned = await join(orphan.cookie, product.id, DECLINES_LATER_CARD);
    await passDays(32);
    const pastDue = await membershipOf(member.cookie, joined.id);
    expect(pastDue.status).toBe('past_due');
    const newCard = (card: object | undefined, cookie?: string, id = joined.id) => call('POST', `/api/memberships/${id}/card`, card ? { card } : {}, cookie);
    // A membership whose product was deleted (its row keeps no product) ends with its period: nothing to charge.
    await app.test.database.pool.query(`UPDATE subscriptions SET product_id = NULL WHERE id = $1`, [orphaned.id]);
    expect((await newCard(GOOD_CARD, orphan.cookie, orphaned.id)).json().error.code).toBe('membership_card_unavailable');
    expect(await salesOfSubscription(orphaned.id)).toHaveLength(1);

    expect((await newCard(GOOD_CARD)).statusCode).toBe(401);
    expect((await newCard(GOOD_CARD, stranger.cookie)).statusCode).toBe(404);
    expect((await newCard(undefined, member.cookie)).statusCode).toBe(400);
    expect((await newCard(DECLINES_LATER_CARD, member.cookie)).statusCode).toBe(402);
    expect((await membershipOf(member.cookie, joined.id)).status).toBe('past_due');
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);

    const updated = await newCard(GOOD_CARD, member.cookie);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ checkoutUrl: null, membership: { status: 'active', graceEndsAt: null } });
    const renewed = (updated.json() as { membership: Membership }).membership;
    expect(new Date(renewed.currentPeriodEnd) > new Date(pastDue.currentPeriodEnd)).toBe(true);
    expect((await salesOfSubscription(joined.id)).map((sale) => [sale.amount_cents, sale.creator_id])).toEqual([
      [600, creator.id],
      [600, creator.id],
    ]);
    // The new card pays the next renewal too.
    await passDays(31);
    expect((await membershipOf(member.cookie, joined.id)).status).toBe('active');
    expect(await salesOfSubscription(joined.id)).toHaveLength(3);

    // An ended membership has no card to update.
    await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie);
    await passDays(31);
    expect((await membershipOf(member.cookie, joined.id)).status).toBe('canceled');
    const late = await newCard(GOOD_CARD, member.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('membership_card_unavailable');
  });

  it('lets the member cancel to the end of the period and resume before it; nobody else can', async () => {
    const { creator, product } = await membershipProduct({ trialDays: 0, monthlyCents: 1500, yearlyCents: 12000 });
    const member = await createSignedInUser(app.test);
    const other = await createSignedInUser(app.test);
    const joined = await join(member.cookie, product.id, GOOD_CARD, { interval: 'year' });
    expect(joined).toMatchObject({ status: 'active', interval: 'year', priceCents: 12000 });

    expect((await call('POST', `/api/memberships/${joined.id}/cancel`)).statusCode).toBe(401);
    expect((await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/memberships', undefined, other.cookie)).json().items).toEqual([]);
    expect((await call('GET', '/api/memberships/members', undefined, other.cookie)).json().items).toEqual([]);

    const canceled = (await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie)).json().membership as Membership;
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextChargeAt: null });
    expect((await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/api/memberships/${joined.id}/resume`, undefined, other.cookie)).statusCode).toBe(404);
    const resumed = (await call('POST', `/api/memberships/${joined.id}/resume`, undefined, member.cookie)).json().membership as Membership;
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, nextChargeAt: joined.currentPeriodEnd });

    const members = (await call('GET', '/api/memberships/members', undefined, creator.cookie)).json() as Members;
    expect(members.counts.active).toBe(1);
    expect(members.mrr).toEqual([{ currency: 'USD', cents: 1000 }]);

    await call('POST', `/api/memberships/${joined.id}/cancel`, undefined, member.cookie);
    expect(await canDownload(joined.id, member.cookie)).toBe(true);
    await passDays(367);
    const over = await membershipOf(member.cookie, joined.id);
    expect(over.status).toBe('canceled');
    expect(await salesOfSubscription(joined.id)).toHaveLength(1);
    expect(await canDownload(joined.id, member.cookie)).toBe(false);
    expect((await call('POST', `/api/memberships/${joined.id}/resume`, undefined, member.cookie)).statusCode).toBe(409);
    const after = (await call('GET', '/api/memberships/members', undefined, creator.cookie)).json() as Members;
    expect(after.counts).toMatchObject({ active: 0, canceled: 1 });
  });
});

describe('a tier change', () => {
  it('charges the difference for the days left when dearer and credits it to the next renewal when cheaper', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator' });
    const product = await createProduct(app.base, creator.cookie, { name: `Tiers ${randomBytes(3).toString('hex')}`, price: '0' });
    const versions = [];
    for (const name of ['Basic', 'Pro']) {
      const form = new FormData();
      form.append('name', name);
      form.append('price', '0');
      form.append('file', new Blob([new Uint8Array(randomBytes(256))]), `${name}.zip`);
      const response = await fetch(`${app.base}/api/products/${product.id}/versions`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: creator.cookie }, body: form });
      expect(response.status).toBe(201);
      versions.push(((await response.json()) as { versions: { id: string; name: string }[] }).versions.find((version) => version.name === name)!);
    }
    const basic = versions[0]!;
    const pro = versions[1]!;
    // Each version is a tier; a tier must be a version of this product.
    const wrong = await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers: [{ versionId: null, monthlyCents: 1000, yearlyCents: null }] }, creator.cookie);
    expect(wrong.json().error.code).toBe('membership_tier_invalid');
    const tiers = [
      { versionId: basic.id, monthlyCents: 1000, yearlyCents: null },
      { versionId: pro.id, monthlyCents: 3000, yearlyCents: null },
    ];
    expect((await call('PUT', `/api/memberships/plans/${product.id}`, { trialDays: 0, tiers }, creator.cookie)).statusCode).toBe(200);

    const member = await createSignedInUser(app.test);
    const joined = await join(member.cookie, product.id, GOOD_CARD, { versionId: basic.id });
    expect(joined).toMatchObject({ tierName: 'Basic', priceCents: 1000 });
    const other = await createSignedInUser(app.test);
    expect((await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: pro.id }, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: basic.id }, member.cookie)).statusCode).toBe(409);

    clock.advanceDays(10);
    const periodStart = new Date(joined.createdAt);
    const periodEnd = new Date(joined.currentPeriodEnd);
    const up = prorationCents({ fromCents: 1000, toCents: 3000, periodStart, periodEnd, now: clock.now() });
    expect(up).toBeGreaterThan(0);
    const upgraded = (await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: pro.id }, member.cookie)).json().membership as Membership;
    expect(upgraded).toMatchObject({ tierName: 'Pro', priceCents: 3000, creditCents: 0 });
    expect((await salesOfSubscription(joined.id)).map((sale) => sale.amount_cents)).toEqual([1000, up]);

    clock.advanceDays(5);
    const down = prorationCents({ fromCents: 3000, toCents: 1000, periodStart, periodEnd, now: clock.now() });
    const downgraded = (await call('POST', `/api/memberships/${joined.id}/tier`, { versionId: basic.id }, member.cookie)).json().membership as Membership;
    expect(downgraded).toMatchObject({ tierName: 'Basic', priceCents: 1000, creditCents: -down });
    expect(await salesOfSubscription(joined.id)).toHaveLength(2);

    // The renewal takes the credit off.
    await passDays(20);
    const renewed = await membershipOf(member.cookie, joined.id);
    expect(renewed.creditCents).toBe(Math.max(0, -down - 1000));
    expect((await salesOfSubscription(joined.id)).at(-1)!.amount_cents).toBe(Math.max(0, 1000 + down));
  });
});

// E-mails to customers and followers (issue #22): the creator's audience, posts and their sends,
// "Get updates" sign-ups with double opt-in, one-click unsubscribes, the buyer's Updates.
import { and, eq, inArray } from 'drizzle-orm';
import type { AudienceFilter, AudienceOverview, AudiencePost } from '#shared/audience-api.ts';
import { AUDIENCE_MESSAGES } from '#shared/audience.ts';
import { PLANS } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import { audiencePosts } from '../../db/schema/audience.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/auth.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { markdownToHtml } from './markdown-html.ts';
import {
  addSubscriber,
  audienceCounts,
  confirmSubscriber,
  countAudience,
  creatorName,
  isSendingPaused,
  listPosts,
  sentThisMonth,
  setSendingPaused,
  unsubscribe,
  updatesFor,
} from './queries.ts';
import { postMail, startSend } from './sending.ts';
import type { AudienceTokens } from './tokens.ts';

const monthlyLimit = (plan: 'free' | 'pro' | 'business') => PLANS.find((entry) => entry.id === plan)!.audienceMailsPerMonth;

export async function audienceOverview(ctx: AppContext, creatorId: string): Promise<AudienceOverview> {
  const { db } = ctx.database;
  const [counts, paused, sent, creator] = await Promise.all([audienceCounts(db, creatorId), isSendingPaused(db, creatorId), sentThisMonth(db, creatorId), creatorName(db, creatorId)]);
  return { ...counts, sending: { paused, monthlyLimit: monthlyLimit(creator?.plan ?? 'free'), sentThisMonth: sent } };
}

async function assertOwnProduct(ctx: AppContext, creatorId: string, filter: AudienceFilter) {
  if (filter.kind !== 'product') return;
  const [product] = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, filter.productId!), eq(products.userId, creatorId)));
  if (!product) throw new NotFoundError(AUDIENCE_MESSAGES.productNotFound, 'product_not_found');
}

export async function countRecipients(ctx: AppContext, creatorId: string, filter: AudienceFilter): Promise<number> {
  await assertOwnProduct(ctx, creatorId, filter);
  return countAudience(ctx.database.db, creatorId, filter);
}

type ListedPost = Awaited<ReturnType<typeof listPosts>>[number];

const toPost = ({ post, recipients, sent, unsubscribed }: ListedPost): AudiencePost => ({
  id: post.id,
  subject: post.subject,
  body: post.body,
  audience: post.audience,
  status: post.status,
  scheduledAt: post.scheduledAt?.toISOString() ?? null,
  sentAt: post.sentAt?.toISOString() ?? null,
  createdAt: post.createdAt.toISOString(),
  stats: { recipients, sent, unsubscribed },
});

export async function listCreatorPosts(ctx: AppContext, creatorId: string) {
  return { items: (await listPosts(ctx.database.db, creatorId)).map(toPost) };
}

/** One of the creator's posts; another creator's is not found (404), like one that does not exist. */
export async function getPost(ctx: AppContext, creatorId: string, postId: string): Promise<AudiencePost> {
  const [row] = await listPosts(ctx.database.db, creatorId, postId);
  if (!row) throw new NotFoundError(AUDIENCE_MESSAGES.postNotFound, 'post_not_found');
  return toPost(row);
}

export async function createPost(ctx: AppContext, creatorId: string, input: { subject: string; body: string; audience: AudienceFilter }): Promise<AudiencePost> {
  await assertOwnProduct(ctx, creatorId, input.audience);
  const [post] = await ctx.database.db.insert(audiencePosts).values({ creatorId, subject: input.subject, body: input.body, audience: input.audience }).returning({ id: audiencePosts.id });
  return getPost(ctx, creatorId, post!.id);
}

/** Deletes a draft, or cancels a scheduled or paused send; a post being sent or sent stays. */
export async function deletePost(ctx: AppContext, creatorId: string, postId: string): Promise<void> {
  const post = await getPost(ctx, creatorId, postId);
  if (post.status === 'sending' || post.status === 'sent') throw new ConflictError(AUDIENCE_MESSAGES.notDraft, 'post_not_draft');
  await ctx.database.db.delete(audiencePosts).where(and(eq(audiencePosts.id, postId), eq(audiencePosts.creatorId, creatorId)));
}

/** The post as its recipients would get it, to the creator alone, marked as a test. */
export async function sendTestPost(ctx: AppContext, tokens: AudienceTokens, creator: { id: string; email: string }, postId: string, locale: Language): Promise<void> {
  const post = await getPost(ctx, creator.id, postId);
  const store = (await creatorName(ctx.database.db, creator.id))?.name ?? ctx.config.BRAND_NAME;
  await ctx.mailer.send(postMail(ctx, tokens, { ...post, creatorId: creator.id }, { email: creator.email, locale }, store, { test: true }));
}

/** Sends a draft now or at `scheduledAt`: checks the pause and the plan's monthly limit, then queues the first step. */
export async function sendPost(ctx: AppContext, creatorId: string, postId: string, scheduledAt: string | null): Promise<AudiencePost> {
  await ctx.database.db.transaction(async (tx) => {
    const [post] = await tx
      .select()
      .from(audiencePosts)
      .where(and(eq(audiencePosts.id, postId), eq(audiencePosts.creatorId, creatorId)))
      .for('update');
    if (!post) throw new NotFoundError(AUDIENCE_MESSAGES.postNotFound, 'post_not_found');
    if (post.status !== 'draft') throw new ConflictError(AUDIENCE_MESSAGES.notDraft, 'post_not_draft');
    if (await isSendingPaused(tx, creatorId)) throw new ForbiddenError(AUDIENCE_MESSAGES.sendingPaused, 'sending_paused');
    const count = await countAudience(tx, creatorId, post.audience);
    if (!scheduledAt && count === 0) throw new BadRequestError(AUDIENCE_MESSAGES.noRecipients, 'no_recipients');
    const creator = await creatorName(tx, creatorId);
    const limit = monthlyLimit(creator?.plan ?? 'free');
    if ((await sentThisMonth(tx, creatorId)) + count > limit) {
      throw new ForbiddenError(AUDIENCE_MESSAGES.monthlyLimit(limit), 'sending_limit', { params: { limit } });
    }
    const at = scheduledAt ? new Date(scheduledAt) : null;
    await tx.update(audiencePosts).set({ status: at ? 'scheduled' : 'sending', scheduledAt: at }).where(eq(audiencePosts.id, postId));
    await startSend(tx, postId, at ?? undefined);
  });
  return getPost(ctx, creatorId, postId);
}

/** A visitor's "Get updates": stored unconfirmed, and a confirmation link mailed (nothing else is ever mailed before it is followed). */
export async function subscribe(ctx: AppContext, tokens: AudienceTokens, creatorId: string, email: string, locale: Language): Promise<void> {
  const { db } = ctx.database;
  const [creator] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, creatorId));
  if (!creator) throw new NotFoundError(AUDIENCE_MESSAGES.creatorNotFound, 'creator_not_found');
  const address = email.trim().toLowerCase();
  const texts = mailTexts(locale).audience;
  const url = `${ctx.config.PUBLIC_URL}/api/audience/confirm?token=${tokens.sign('confirm', { creatorId, email: address })}`;
  await db.transaction(async (tx) => {
    await addSubscriber(tx, creatorId, address, locale);
    await ctx.mailer.send({ to: address, subject: texts.confirmSubject(ctx.config.BRAND_NAME), text: texts.confirm({ store: creator.name, url, brand: ctx.config.BRAND_NAME }) }, tx);
  });
}

export async function confirm(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<boolean> {
  const value = tokens.verify('confirm', token);
  if (!value) return false;
  return confirmSubscriber(ctx.database.db, value.creatorId, value.email);
}

/** The one-click unsubscribe; the address of a valid token, else undefined. */
export async function unsubscribeByToken(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<string | undefined> {
  const value = tokens.verify('unsubscribe', token);
  if (!value) return undefined;
  await unsubscribe(ctx.database.db, value.creatorId, value.email, value.postId);
  return value.email;
}

export async function buyerUpdates(ctx: AppContext, user: { id: string; email: string }) {
  const rows = await updatesFor(ctx.database.db, user.id, user.email);
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      html: markdownToHtml(row.body),
      creatorName: row.creator_name ?? ctx.config.BRAND_NAME,
      sentAt: new Date(row.sent_at).toISOString(),
    })),
  };
}

/** An admin's pause of a creator's sending; a resume carries on the sends the pause stopped. */
export async function setCreatorSendingPaused(ctx: AppContext, admin: SessionUser, creatorId: string, paused: boolean): Promise<{ paused: boolean }> {
  await ctx.database.db.transaction(async (tx) => {
    const [creator] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, creatorId));
    if (!creator) throw new NotFoundError(AUDIENCE_MESSAGES.creatorNotFound, 'creator_not_found');
    await setSendingPaused(tx, creatorId, paused);
    await recordAdminAction(tx, admin, paused ? 'audience.sending_paused' : 'audience.sending_resumed', { type: 'user', id: creatorId }, { email: creator.email });
    if (paused) return;
    const stopped = await tx
      .update(audiencePosts)
      .set({ status: 'sending' })
      .where(and(eq(audiencePosts.creatorId, creatorId), inArray(audiencePosts.status, ['paused'])))
      .returning({ id: audiencePosts.id });
    for (const post of stopped) await startSend(tx, post.id);
  });
  return { paused };
}


// E-mails to customers and followers (issue #22): the creator's audience, posts and their sends,
// "Get updates" sign-ups with double opt-in, one-click unsubscribes, the buyer's Updates.
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { AudienceFilter, AudienceOverview, AudiencePost } from '#shared/audience-api.ts';
import { AUDIENCE_MESSAGES } from '#shared/audience.ts';
import { planById, type PlanId } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import type { Executor } from '../../db/client.ts';
import { audiencePostFiles, audiencePosts } from '../../db/schema/audience.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/auth.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Mail } from '../../platform/mail.ts';
import { recordAdminAction } from '../../platform/audit.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { markdownToHtml, postLinks } from './markdown-html.ts';
import { receiveVersionForm } from '../products/version-form.ts';
import { ownedProductIds } from '../sales/queries.ts';
import {
  addSubscriber,
  audienceCounts,
  confirmSubscriber,
  countAudience,
  creatorName,
  deliveryPost,
  isSendingPaused,
  markTracked,
  postFile,
  postFiles,
  listPosts,
  sentThisMonth,
  setSendingPaused,
  unsubscribe,
  updatesFor,
} from './queries.ts';
import { postMail, startSend } from './sending.ts';
import type { AudienceTokens } from './tokens.ts';
import { enrolNewSubscriber, requeueEnrollments } from './workflows.ts';

const monthlyLimit = (plan: PlanId) => planById(plan).audienceMailsPerMonth;

/** How many more e-mails the creator's plan lets them send this UTC month (never below zero: nothing is sent past it). */
export async function mailsLeftThisMonth(executor: Executor, creatorId: string): Promise<number> {
  const [creator, sent] = await Promise.all([creatorName(executor, creatorId), sentThisMonth(executor, creatorId)]);
  return Math.max(0, monthlyLimit(creator?.plan ?? 'free') - sent);
}

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

const toPost = ({ post, recipients, sent, delivered, opened, clicked, unsubscribed, files }: ListedPost & { files: AudiencePost['files'] }): AudiencePost => ({
  id: post.id,
  subject: post.subject,
  body: post.body,
  audience: post.audience,
  status: post.status,
  trackOpens: post.trackOpens,
  updateProductId: post.updateProductId,
  files,
  scheduledAt: post.scheduledAt?.toISOString() ?? null,
  sentAt: post.sentAt?.toISOString() ?? null,
  createdAt: post.createdAt.toISOString(),
  stats: { recipients, sent, delivered, opened, clicked, unsubscribed },
});

async function withFiles(ctx: AppContext, rows: ListedPost[]): Promise<AudiencePost[]> {
  const files = await postFiles(ctx.database.db, rows.map((row) => row.post.id));
  return rows.map((row) => toPost({ ...row, files: files.filter((file) => file.postId === row.post.id).map(({ id, name, size }) => ({ id, name, size })) }));
}

export async function listCreatorPosts(ctx: AppContext, creatorId: string) {
  return { items: await withFiles(ctx, await listPosts(ctx.database.db, creatorId)) };
}

/** One of the creator's posts; another creator's is not found (404), like one that does not exist. */
export async function getPost(ctx: AppContext, creatorId: string, postId: string): Promise<AudiencePost> {
  const [row] = await listPosts(ctx.database.db, creatorId, postId);
  if (!row) throw new NotFoundError(AUDIENCE_MESSAGES.postNotFound, 'post_not_found');
  const [post] = await withFiles(ctx, [row]);
  return post!;
}

export async function createPost(
  ctx: AppContext,
  creatorId: string,
  input: { subject: string; body: string; audience: AudienceFilter; trackOpens: boolean; updateProductId: string | null },
): Promise<AudiencePost> {
  await assertOwnProduct(ctx, creatorId, input.audience);
  if (input.updateProductId) await assertOwnProduct(ctx, creatorId, { kind: 'product', productId: input.updateProductId, boughtAfter: null, minSpentCents: null });
  const [post] = await ctx.database.db.insert(audiencePosts).values({ creatorId, ...input }).returning({ id: audiencePosts.id });
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
  await db.transaction(async (tx) => {
    await addSubscriber(tx, creatorId, address, locale);
    await ctx.mailer.send(signUpConfirmationMail(ctx, tokens, creator, address, locale), tx);
  });
}

/** The mail that asks a pending subscriber (a "Get updates" sign-up or an imported address, lowercased) to confirm: its link is the only way in. */
export function signUpConfirmationMail(ctx: AppContext, tokens: AudienceTokens, creator: { id: string; name: string }, address: string, locale: Language): Mail {
  const texts = mailTexts(locale).audience;
  const url = `${ctx.config.PUBLIC_URL}/api/audience/confirm?token=${tokens.sign('confirm', { creatorId: creator.id, email: address })}`;
  return { to: address, subject: texts.confirmSubject(ctx.config.BRAND_NAME), text: texts.confirm({ store: creator.name, url, brand: ctx.config.BRAND_NAME }) };
}

export async function confirm(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<boolean> {
  const value = tokens.verify('confirm', token);
  if (!value) return false;
  // A sign-up confirmed now is a new follower: the creator's follower workflows enrol it (workflows.ts).
  return ctx.database.db.transaction(async (tx) => {
    const confirmed = await confirmSubscriber(tx, value.creatorId, value.email);
    if (confirmed) await enrolNewSubscriber(tx, value.creatorId, value.email);
    return confirmed;
  });
}

/** The one-click unsubscribe; the address of a valid token, else undefined. */
export async function unsubscribeByToken(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<string | undefined> {
  const value = tokens.verify('unsubscribe', token);
  if (!value) return undefined;
  await unsubscribe(ctx.database.db, value.creatorId, value.email, value.postId);
  return value.email;
}

/** The open pixel's hit: counted once per delivery, for a post that asked for it; anything else is ignored. */
export async function trackOpen(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<void> {
  const value = tokens.verifyTrack(token);
  if (!value || value.link !== undefined) return;
  const post = await deliveryPost(ctx.database.db, value.deliveryId);
  if (post?.trackOpens) await markTracked(ctx.database.db, value.deliveryId, 'opened');
}

/**
 * A click in a post's mail: the token names a delivery and the n-th link of that post, so the
 * redirect only ever goes to a link the creator wrote in it (no open redirect). Undefined: 404.
 */
export async function clickTarget(ctx: AppContext, tokens: AudienceTokens, token: string): Promise<string | undefined> {
  const value = tokens.verifyTrack(token);
  if (!value || value.link === undefined) return undefined;
  const post = await deliveryPost(ctx.database.db, value.deliveryId);
  const href = post ? postLinks(post.body)[value.link] : undefined;
  if (!href) return undefined;
  await markTracked(ctx.database.db, value.deliveryId, 'clicked');
  return href;
}

const fileUrl = (id: string) => `/api/audience/files/${id}`;

/** The buyer's Updates: each post with the files it attached to products the buyer owns (another product's files are not listed). */
export async function buyerUpdates(ctx: AppContext, user: { id: string; email: string; emailVerified: boolean }) {
  const { db } = ctx.database;
  const rows = await updatesFor(db, user);
  const files = await postFiles(db, rows.map((row) => row.id));
  const owned = await ownedProductIds(db, user, [...new Set(files.map((file) => file.productId))]);
  const names = new Map(
    owned.size ? (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, [...owned]))).map((row) => [row.id, row.name]) : [],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      html: markdownToHtml(row.body),
      creatorName: row.creator_name ?? ctx.config.BRAND_NAME,
      sentAt: new Date(row.sent_at).toISOString(),
      files: files
        .filter((file) => file.postId === row.id && owned.has(file.productId))
        .map((file) => ({ id: file.id, name: file.name, size: file.size, productName: names.get(file.productId) ?? '', url: fileUrl(file.id) })),
    })),
  };
}

/**
 * Attaches a file to a draft post with an update product, by the product files' upload rules
 * (≤ 50 MB, private storage, the creator's storage quota).
 */
export async function attachPostFile(ctx: AppContext, request: FastifyRequest, creatorId: string, postId: string): Promise<AudiencePost> {
  const post = await getPost(ctx, creatorId, postId);
  if (post.status !== 'draft') throw new ConflictError(AUDIENCE_MESSAGES.filesOnlyForDrafts, 'files_only_for_drafts');
  if (!post.updateProductId) throw new BadRequestError(AUDIENCE_MESSAGES.updateNeedsProduct, 'update_product_required');
  const form = await receiveVersionForm(request, { uploadDir: ctx.uploadDir, userFiles: ctx.userFiles }, creatorId);
  if (!form.file) throw new BadRequestError(AUDIENCE_MESSAGES.fileRequired, 'file_required');
  try {
    await ctx.database.db
      .insert(audiencePostFiles)
      .values({ postId, productId: post.updateProductId, fileKey: form.file.key, fileName: form.file.name, fileSize: form.file.size });
  } catch (error) {
    await form.discard();
    throw error;
  }
  return getPost(ctx, creatorId, postId);
}

export async function removePostFile(ctx: AppContext, creatorId: string, postId: string, fileId: string): Promise<AudiencePost> {
  const post = await getPost(ctx, creatorId, postId);
  if (post.status !== 'draft') throw new ConflictError(AUDIENCE_MESSAGES.filesOnlyForDrafts, 'files_only_for_drafts');
  const [removed] = await ctx.database.db
    .delete(audiencePostFiles)
    .where(and(eq(audiencePostFiles.id, fileId), eq(audiencePostFiles.postId, postId)))
    .returning({ key: audiencePostFiles.fileKey });
  if (!removed) throw new NotFoundError(AUDIENCE_MESSAGES.fileNotFound, 'file_not_found');
  await ctx.storage.delete('product-files', removed.key);
  return getPost(ctx, creatorId, postId);
}

/** An attached file for its creator, or (once the post went out) a buyer of its product; anyone else 404. */
export async function openPostFile(ctx: AppContext, user: { id: string; email: string; emailVerified: boolean }, fileId: string) {
  const { db } = ctx.database;
  const row = await postFile(db, fileId);
  const allowed =
    row && (row.creatorId === user.id || ((row.status === 'sending' || row.status === 'sent') && (await ownedProductIds(db, user, [row.file.productId])).size > 0));
  const object = allowed ? await ctx.storage.get('product-files', row.file.fileKey) : undefined;
  if (!row || !object) throw new NotFoundError(AUDIENCE_MESSAGES.fileNotFound, 'file_not_found');
  return { fileName: row.file.fileName, size: object.size, body: object.body };
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
    await requeueEnrollments(tx, { creatorId });
  });
  return { paused };
}


// Sending a post (decision 020): the audience.send task works in steps. Each step, in one
// transaction holding the post's row: the first writes the recipients into audience_deliveries;
// every step then takes the next batch of unsent deliveries, queues each one's mail through the
// durable mail queue (mail.send tasks) and marks it sent, and queues the next step after the pause
// the rate asks for. A crash rolls the step back whole (no mail queued, none marked), and the task
// is run again; so each recipient gets exactly one mail task, whatever stops in between.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '#shared/profiles.ts';
import { AUDIENCE_UNSUBSCRIBE_PATH } from '#shared/audience.ts';
import type { Executor } from '../../db/client.ts';
import { audienceDeliveries, audiencePosts, audienceUnsubscribes } from '../../db/schema/audience.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Mail } from '../../platform/mail.ts';
import { enqueueTask, wakeRunnersAt } from '../../platform/tasks.ts';
import { escapeHtml } from '../../platform/html.ts';
import { markdownToHtml } from './markdown-html.ts';
import { creatorName, expandDeliveries, isSendingPaused, type PostRow } from './queries.ts';
import type { AudienceTokens } from './tokens.ts';

export const AUDIENCE_SEND_TASK = 'audience.send';
/** The mailer's delivered hook of a post's mails: sets the delivery's delivered_at. */
const DELIVERED_HOOK = 'audience.delivery';
export const AUDIENCE_OPEN_PATH = '/api/audience/o';
export const AUDIENCE_CLICK_PATH = '/api/audience/c';
/** Mails queued by one step at most. */
const BATCH_MAX = 100;

interface SendPayload {
  postId: string;
  /** The post's send_token when this send began: a step of a cancelled or older send does nothing. */
  token: string;
}

/** The batch size and the pause between steps for AUDIENCE_MAILS_PER_MINUTE. */
export function sendPace(perMinute: number) {
  const batch = Math.max(1, Math.min(BATCH_MAX, perMinute));
  return { batch, intervalMs: Math.round((batch / perMinute) * 60_000) };
}

export function unsubscribeUrl(ctx: AppContext, tokens: AudienceTokens, value: { creatorId: string; email: string; postId?: string }) {
  return `${ctx.config.PUBLIC_URL}${AUDIENCE_UNSUBSCRIBE_PATH}?token=${tokens.sign('unsubscribe', value)}`;
}

/** One recipient's mail of a post: the fixed subject, the creator's subject as the body's title, the one-click unsubscribe. */
export function postMail(
  ctx: AppContext,
  tokens: AudienceTokens,
  post: { id: string | null; creatorId: string; subject: string; body: string },
  recipient: { email: string; locale: Language },
  store: string,
  options: { test?: boolean; html?: string; pixelUrl?: string } = {},
): Mail {
  const { audience } = mailTexts(recipient.locale);
  const brand = ctx.config.BRAND_NAME;
  const url = unsubscribeUrl(ctx, tokens, { creatorId: post.creatorId, email: recipient.email, ...(options.test || !post.id ? {} : { postId: post.id }) });
  const footer = audience.footer({ store, brand, url });
  const note = options.test ? `${audience.testNote}\n\n` : '';
  const text = `${note}${audience.from({ store })}\n\n${post.subject}\n\n${post.body}\n\n--\n${footer}`;
  const [footerLine] = footer.split('\n');
  const html = [
    options.test ? `<p><em>${escapeHtml(audience.testNote)}</em></p>` : '',
    `<p>${escapeHtml(audience.from({ store }))}</p>`,
    `<h1>${escapeHtml(post.subject)}</h1>`,
    options.html ?? markdownToHtml(post.body),
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footerLine ?? '')}<br><a href="${escapeHtml(url)}">${escapeHtml(audience.unsubscribe)}</a></p>`,
    options.pixelUrl ? `<img src="${escapeHtml(options.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : '',
  ].join('\n');
  return {
    to: recipient.email,
    subject: audience.subject(brand),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Queues the first step of a send (in the caller's transaction), due at `runAt`. */
export async function startSend(executor: Executor, postId: string, runAt?: Date): Promise<string> {
  const token = randomUUID();
  await executor.update(audiencePosts).set({ sendToken: token }).where(eq(audiencePosts.id, postId));
  await enqueueTask(executor, AUDIENCE_SEND_TASK, { postId, token } satisfies SendPayload, { runAt });
  return token;
}

/** A recipient's mail of a post, counted: delivered, opened (the post's pixel, if on) and clicked (its links through the redirect). */
function trackedPostMail(ctx: AppContext, tokens: AudienceTokens, post: PostRow, delivery: { id: number; email: string; locale: Language }, store: string): Mail {
  const base = ctx.config.PUBLIC_URL;
  const html = markdownToHtml(post.body, { rewriteLink: (_href, index) => `${base}${AUDIENCE_CLICK_PATH}/${tokens.signTrack(delivery.id, index)}` });
  const pixelUrl = post.trackOpens ? `${base}${AUDIENCE_OPEN_PATH}/${tokens.signTrack(delivery.id)}.gif` : undefined;
  return { ...postMail(ctx, tokens, post, delivery, store, { html, pixelUrl }), delivered: { hook: DELIVERED_HOOK, id: delivery.id } };
}

export function defineAudienceSending(ctx: AppContext, tokens: AudienceTokens) {
  ctx.mailer.onDelivered(DELIVERED_HOOK, async (id) => {
    await ctx.database.db
      .update(audienceDeliveries)
      .set({ deliveredAt: sql`coalesce(${audienceDeliveries.deliveredAt}, now())` })
      .where(eq(audienceDeliveries.id, id));
  });
  ctx.tasks.define<SendPayload>(AUDIENCE_SEND_TASK, {
    describe: (payload) => `Audience post ${payload.postId}`,
    handle: (payload) => sendStep(ctx, tokens, payload),
  });
}

async function sendStep(ctx: AppContext, tokens: AudienceTokens, { postId, token }: SendPayload): Promise<void> {
  const { batch, intervalMs } = sendPace(ctx.config.AUDIENCE_MAILS_PER_MINUTE);
  const next = await ctx.database.db.transaction(async (tx): Promise<Date | undefined> => {
    const [post] = await tx.select().from(audiencePosts).where(eq(audiencePosts.id, postId)).for('update');
    if (!post || post.sendToken !== token || (post.status !== 'scheduled' && post.status !== 'sending')) return undefined;
    if (await isSendingPaused(tx, post.creatorId)) {
      await tx.update(audiencePosts).set({ status: 'paused' }).where(eq(audiencePosts.id, postId));
      return undefined;
    }
    if (!post.expandedAt) {
      await expandDeliveries(tx, post.id, post.creatorId, post.audience);
      await tx.update(audiencePosts).set({ status: 'sending', expandedAt: new Date() }).where(eq(audiencePosts.id, postId));
    }
    const pending = await tx
      .select({ id: audienceDeliveries.id, email: audienceDeliveries.email, locale: audienceDeliveries.locale })
      .from(audienceDeliveries)
      .where(and(eq(audienceDeliveries.postId, postId), isNull(audienceDeliveries.sentAt), eq(audienceDeliveries.skipped, false)))
      .orderBy(audienceDeliveries.id)
      .limit(batch);
    if (pending.length > 0) {
      // Unsubscribed since the expansion: never mailed.
      const gone = new Set(
        (
          await tx
            .select({ email: audienceUnsubscribes.email })
            .from(audienceUnsubscribes)
            .where(and(eq(audienceUnsubscribes.creatorId, post.creatorId), inArray(audienceUnsubscribes.email, pending.map((row) => row.email))))
        ).map((row) => row.email),
      );
      const store = (await creatorName(tx, post.creatorId))?.name ?? ctx.config.BRAND_NAME;
      const mailed: number[] = [];
      const skipped: number[] = [];
      for (const delivery of pending) {
        if (gone.has(delivery.email)) {
          skipped.push(delivery.id);
          continue;
        }
        await ctx.mailer.send(trackedPostMail(ctx, tokens, post, delivery, store), tx);
        mailed.push(delivery.id);
      }
      if (mailed.length > 0) await tx.update(audienceDeliveries).set({ sentAt: sql`now()` }).where(inArray(audienceDeliveries.id, mailed));
      if (skipped.length > 0) await tx.update(audienceDeliveries).set({ skipped: true }).where(inArray(audienceDeliveries.id, skipped));
    }
    if (pending.length === batch) {
      const runAt = new Date(Date.now() + intervalMs);
      await enqueueTask(tx, AUDIENCE_SEND_TASK, { postId, token } satisfies SendPayload, { runAt });
      return runAt;
    }
    await tx.update(audiencePosts).set({ status: 'sent', sentAt: new Date() }).where(eq(audiencePosts.id, postId));
    return undefined;
  });
  // The next step is due in a moment, sooner than the runners' poll: wake them then.
  if (next) wakeRunnersAt(ctx.database.db, AUDIENCE_SEND_TASK, next);
}

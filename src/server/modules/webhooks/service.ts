// Outbound webhooks: endpoints, the events they receive, and their deliveries. An event is recorded
// as one delivery per subscribed endpoint and one task each, in the caller's transaction; the task
// (WEBHOOK_TASK) signs and sends it, retrying on the Standard Webhooks schedule for about a day.
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, arrayContains, count, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, webhookUrlProblem, type WebhookEvent } from '#shared/webhooks.ts';
import { deleteInBatches } from '../../db/batches.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { Mailer } from '../../platform/mail.ts';
import { enqueueTask, type TaskRunner } from '../../platform/tasks.ts';
import { isLocalAddress, postWebhook } from './delivery.ts';

export const WEBHOOK_TASK = 'webhooks.deliver';

/** Seconds before attempt n + 1: the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
const RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
const ATTEMPTS = RETRY_SECONDS.length + 1;
/** An endpoint whose deliveries keep failing for this long is switched off, and its owner told. */
const DISABLE_AFTER_MS = WEBHOOK_DISABLE_AFTER_DAYS * 24 * 60 * 60 * 1000;

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const newDeliveryId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Records `type` for every enabled endpoint of `userId` that takes it, and queues their deliveries. */
export async function emitWebhookEvent(executor: Executor, userId: string | null | undefined, type: WebhookEvent, data: Record<string, unknown>) {
  if (!userId) return;
  const endpoints = await executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  for (const endpoint of endpoints) await queueDelivery(executor, endpoint.id, type, data);
}

async function queueDelivery(executor: Executor, endpointId: string, type: string, data: Record<string, unknown>) {
  const id = newDeliveryId();
  const [delivery] = await executor
    .insert(webhookDeliveries)
    .values({ id, endpointId, event: type, payload: { type, timestamp: new Date().toISOString(), data } })
    .returning();
  await enqueueTask(executor, WEBHOOK_TASK, { deliveryId: id }, { maxAttempts: ATTEMPTS });
  return delivery!;
}

/** What the delivery task does; wired in app.ts. */
export function defineWebhookDelivery(runner: TaskRunner, deps: { db: Db; mailer: Mailer; allowLocal: boolean; brand: string; publicUrl: string }) {
  const { db } = deps;
  runner.define<{ deliveryId: string }>(WEBHOOK_TASK, {
    describe: ({ deliveryId }) => `Webhook delivery ${deliveryId}`,
    backoffSeconds: (attempts) => RETRY_SECONDS[attempts - 1] ?? RETRY_SECONDS.at(-1)!,
    async handle({ deliveryId }, task) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!row || row.delivery.status !== 'pending') return;
      const { delivery, endpoint } = row;
      const result = await postWebhook({ url: endpoint.url, secret: endpoint.secret, id: delivery.id, body: JSON.stringify(delivery.payload), allowLocal: deps.allowLocal });
      const last = task.attempts >= ATTEMPTS;
      const status = result.ok ? 'delivered' : last ? 'failed' : 'pending';
      await db
        .update(webhookDeliveries)
        .set({ status, attempts: sql`${webhookDeliveries.attempts} + 1`, responseStatus: result.status, responseExcerpt: result.excerpt, latencyMs: result.latencyMs, lastAttemptAt: new Date() })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (result.ok) {
        if (endpoint.failingSince) await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
        return;
      }
      if (!last) throw new Error(result.status ? `The endpoint answered ${result.status}.` : result.excerpt);
      await noteFailure(deps, endpoint);
    },
  });
}

/** A delivery failed for good: after failing for days, the endpoint is switched off and its owner told. */
async function noteFailure(deps: { db: Db; mailer: Mailer; brand: string; publicUrl: string }, endpoint: Endpoint) {
  const since = endpoint.failingSince ?? new Date();
  if (!endpoint.failingSince) await deps.db.update(webhookEndpoints).set({ failingSince: since }).where(eq(webhookEndpoints.id, endpoint.id));
  if (Date.now() - since.getTime() < DISABLE_AFTER_MS) return;
  const reason = WEBHOOK_MESSAGES.disabledFailing;
  await deps.db.transaction(async (tx) => {
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!off) return;
    const [owner] = await tx.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, endpoint.userId));
    if (!owner) return;
    const texts = mailTexts(owner.locale).webhookDisabled;
    await deps.mailer.send(
      {
        to: owner.email,
        subject: texts.subject(deps.brand),
        text: texts.text({ name: owner.name, url: endpoint.url, brand: deps.brand, settingsUrl: `${deps.publicUrl}/dashboard/settings` }),
      },
      tx,
    );
  });
}

const toEndpoint = (row: Endpoint) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
});

export const toDelivery = (row: Delivery) => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  responseExcerpt: row.responseExcerpt,
  latencyMs: row.latencyMs,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
});

/** Whether webhooks may go to private and local addresses: WEBHOOKS_ALLOW_LOCAL, else only outside production. */
export const webhooksAllowLocal = (config: AppContext['config']) => config.WEBHOOKS_ALLOW_LOCAL ?? !config.isProduction;

/** An endpoint's address: the URL rule, and no address literal a webhook may not reach (a host name is checked when it is resolved, at each delivery). */
function checkUrl(ctx: AppContext, url: string) {
  const problem = webhookUrlProblem(url, ctx.config.isProduction);
  if (problem) throw new BadRequestError(problem.message, problem.code);
  const host = new URL(url.trim()).hostname.replace(/^\[|\]$/g, '');
  if (!webhooksAllowLocal(ctx.config) && isIP(host) && isLocalAddress(host)) {
    throw new BadRequestError(WEBHOOK_MESSAGES.addressRefused(host), 'webhook_address_refused', { params: { host } });
  }
}

async function ownEndpoint(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound, 'webhook_not_found');
  return row;
}

export async function listEndpoints(db: Db, userId: string) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
  return { items: rows.map(toEndpoint) };
}

export async function createEndpoint(ctx: AppContext, userId: string, input: { url: string; description: string; events: WebhookEvent[] }) {
  checkUrl(ctx, input.url);
  const { db } = ctx.database;
  const [mine] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  if ((mine?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError(WEBHOOK_MESSAGES.tooMany, 'too_many_webhooks');
  const secret = newSecret();
  const [row] = await db.insert(webhookEndpoints).values({ userId, url: input.url.trim(), description: input.description, events: [...new Set(input.events)], secret }).returning();
  return { endpoint: toEndpoint(row!), secret };
}

export async function changeEndpoint(ctx: AppContext, userId: string, id: string, change: { url?: string; description?: string; events?: WebhookEvent[]; enabled?: boolean }) {
  await ownEndpoint(ctx.database.db, userId, id);
  if (change.url !== undefined) checkUrl(ctx, change.url);
  const [row] = await ctx.database.db
    .update(webhookEndpoints)
    .set({
      ...(change.url !== undefined ? { url: change.url.trim() } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.events ? { events: [...new Set(change.events)] } : {}),
      // Switched on again by its owner: a fresh start.
      ...(change.enabled !== undefined ? { enabled: change.enabled, disabledReason: null, failingSince: null } : {}),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toEndpoint(row!);
}

export async function deleteEndpoint(db: Db, userId: string, id: string) {
  await ownEndpoint(db, userId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export async function listDeliveries(db: Db, userId: string, id: string) {
  await ownEndpoint(db, userId, id);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)).orderBy(desc(webhookDeliveries.createdAt)).limit(50);
  return { items: rows.map(toDelivery) };
}

/** How long the delivery log keeps a delivery that is done (delivered or failed). */
export const DELIVERY_LOG_DAYS = 30;

/** Removes deliveries done more than DELIVERY_LOG_DAYS ago (on a timer, app.ts); one still being sent stays. */
export function purgeDeliveryLog(db: Db): Promise<number> {
  return deleteInBatches(
    db,
    webhookDeliveries,
    webhookDeliveries.id,
    sql`${webhookDeliveries.status} <> 'pending' AND coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt}) < now() - make_interval(days => ${DELIVERY_LOG_DAYS})`,
  );
}

/** The Send test event button: one delivery of WEBHOOK_TEST_EVENT, whatever the endpoint's events. */
export async function sendTestEvent(db: Db, userId: string, id: string) {
  const endpoint = await ownEndpoint(db, userId, id);
  const delivery = await db.transaction((tx) => queueDelivery(tx, endpoint.id, WEBHOOK_TEST_EVENT, { message: 'This is a test event from Zerri.' }));
  return toDelivery(delivery);
}

/** Sends a delivery again, with the same webhook-id (receivers that saw it can skip it). */
export async function resendDelivery(db: Db, userId: string, id: string, deliveryId: string) {
  await ownEndpoint(db, userId, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
      .returning();
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound, 'delivery_not_found');
    await enqueueTask(tx, WEBHOOK_TASK, { deliveryId }, { maxAttempts: ATTEMPTS });
    return toDelivery(row);
  });
}

// Workflows (issue #22): "after a purchase of X, wait N days, send Y". A completed sale enrols its
// buyer in the creator's active workflows for that product (or any product) in the sale's own
// transaction, and queues the first step's audience.workflow task, due after its delay. Each step,
// in one transaction holding the enrollment's row, queues the mail (mail.send), moves next_step on
// and queues the next step; a repeat of a step finds next_step moved on and does nothing, so each
// step is mailed once. A wholly refunded sale or an unsubscribed address stops the enrollment at
// its next step. A paused workflow enrols nobody and leaves its enrollments waiting; resuming
// queues them again (the task key keeps one task per enrollment and step). Workflow mails count
// towards the plan's e-mails a month; with them used, a step waits for the next month.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AudienceWorkflow, WorkflowStep } from '#shared/audience-api.ts';
import { AUDIENCE_MESSAGES } from '#shared/audience.ts';
import { planById } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import type { Executor } from '../../db/client.ts';
import { audienceUnsubscribes, audienceWorkflowEnrollments, audienceWorkflowMails, audienceWorkflows } from '../../db/schema/audience.ts';
import { users } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { countsAsCustomer, creatorName, isSendingPaused, sentThisMonth } from './queries.ts';
import { postMail } from './sending.ts';
import type { AudienceTokens } from './tokens.ts';

export const AUDIENCE_WORKFLOW_TASK = 'audience.workflow';
const DAY_MS = 86_400_000;

interface StepPayload {
  enrollmentId: number;
  step: number;
}

const stepKey = (payload: StepPayload) => `${AUDIENCE_WORKFLOW_TASK}:${payload.enrollmentId}:${payload.step}`;

/**
 * `again` queues a step from its own running task, whose key holds until it ends: a second key for
 * that wait. Two queued runs of one step are harmless: the step locks its enrollment and goes out once.
 */
async function queueStep(executor: Executor, payload: StepPayload, runAt: Date, again?: string) {
  await enqueueTask(executor, AUDIENCE_WORKFLOW_TASK, payload satisfies StepPayload, { runAt, key: again ? `${stepKey(payload)}:${again}` : stepKey(payload) });
}

/** In the sales' transaction: enrols the buyers of completed sales in the matching active workflows. */
export async function enrolInWorkflows(
  tx: Executor,
  made: readonly { id: string; status: string; creatorId: string | null; productId: string | null; buyerEmail: string; buyerUserId: string | null; amountCents: number }[],
  locale: Language,
): Promise<void> {
  for (const sale of made) {
    if (sale.status !== 'completed' || !sale.creatorId || !sale.productId) continue;
    const email = sale.buyerEmail.toLowerCase();
    // A workflow's mails are the creator's posts, not the receipt: only a customer gets them (a free
    // "purchase" whose address was confirmed before, never the creator's own address; decision 020).
    if (!(await countsAsCustomer(tx, sale.creatorId, email, sale.amountCents))) continue;
    const [unsubscribed] = await tx
      .select({ email: audienceUnsubscribes.email })
      .from(audienceUnsubscribes)
      .where(and(eq(audienceUnsubscribes.creatorId, sale.creatorId), eq(audienceUnsubscribes.email, email)));
    if (unsubscribed) continue;
    const workflows = await tx
      .select({ id: audienceWorkflows.id, steps: audienceWorkflows.steps })
      .from(audienceWorkflows)
      .where(
        and(
          eq(audienceWorkflows.creatorId, sale.creatorId),
          eq(audienceWorkflows.paused, false),
          or(isNull(audienceWorkflows.productId), eq(audienceWorkflows.productId, sale.productId)),
        ),
      );
    for (const workflow of workflows) {
      const first = workflow.steps[0];
      if (!first) continue;
      const dueAt = new Date(Date.now() + first.delayDays * DAY_MS);
      const [enrollment] = await tx
        .insert(audienceWorkflowEnrollments)
        .values({ workflowId: workflow.id, saleId: sale.id, email, userId: sale.buyerUserId, locale, dueAt })
        .onConflictDoNothing()
        .returning({ id: audienceWorkflowEnrollments.id });
      if (enrollment) await queueStep(tx, { enrollmentId: enrollment.id, step: 0 }, dueAt);
    }
  }
}

/** Queues again the waiting enrollments of a resumed workflow, or of a creator whose sending an admin resumed. */
export async function requeueEnrollments(tx: Executor, where: { workflowId: string } | { creatorId: string }): Promise<void> {
  const rows = await tx
    .select({ id: audienceWorkflowEnrollments.id, step: audienceWorkflowEnrollments.nextStep, dueAt: audienceWorkflowEnrollments.dueAt })
    .from(audienceWorkflowEnrollments)
    .innerJoin(audienceWorkflows, eq(audienceWorkflows.id, audienceWorkflowEnrollments.workflowId))
    .where(
      and(
        eq(audienceWorkflowEnrollments.status, 'active'),
        eq(audienceWorkflows.paused, false),
        'workflowId' in where ? eq(audienceWorkflows.id, where.workflowId) : eq(audienceWorkflows.creatorId, where.creatorId),
      ),
    );
  const now = Date.now();
  for (const row of rows) await queueStep(tx, { enrollmentId: row.id, step: row.step }, new Date(Math.max(now, row.dueAt.getTime())));
}

export function defineWorkflowSending(ctx: AppContext, tokens: AudienceTokens) {
  ctx.tasks.define<StepPayload>(AUDIENCE_WORKFLOW_TASK, {
    describe: (payload) => `Workflow e-mail ${payload.step + 1} of enrollment ${payload.enrollmentId}`,
    handle: (payload) => workflowStep(ctx, tokens, payload),
  });
}

/** Midnight UTC of the first day of the month after `now`'s. */
const startOfNextUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

async function workflowStep(ctx: AppContext, tokens: AudienceTokens, { enrollmentId, step }: StepPayload): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enrollment: audienceWorkflowEnrollments, workflow: audienceWorkflows, saleStatus: sales.status, userLocale: users.locale })
      .from(audienceWorkflowEnrollments)
      .innerJoin(audienceWorkflows, eq(audienceWorkflows.id, audienceWorkflowEnrollments.workflowId))
      .innerJoin(sales, eq(sales.id, audienceWorkflowEnrollments.saleId))
      .leftJoin(users, eq(users.id, audienceWorkflowEnrollments.userId))
      .where(eq(audienceWorkflowEnrollments.id, enrollmentId))
      .for('update', { of: audienceWorkflowEnrollments });
    // Gone, stopped, or this step already went out (a repeat of the task): nothing to do.
    if (!row || row.enrollment.status !== 'active' || row.enrollment.nextStep !== step) return;
    const { enrollment, workflow } = row;
    // Waits: resuming the workflow (or the admin resuming the creator's sending) queues it again.
    if (workflow.paused || (await isSendingPaused(tx, workflow.creatorId))) return;
    const stop = async (status: 'done' | 'refunded' | 'unsubscribed') => {
      await tx.update(audienceWorkflowEnrollments).set({ status }).where(eq(audienceWorkflowEnrollments.id, enrollmentId));
    };
    if (row.saleStatus === 'refunded') return stop('refunded');
    const [unsubscribed] = await tx
      .select({ email: audienceUnsubscribes.email })
      .from(audienceUnsubscribes)
      .where(and(eq(audienceUnsubscribes.creatorId, workflow.creatorId), eq(audienceUnsubscribes.email, enrollment.email)));
    if (unsubscribed) return stop('unsubscribed');
    const current = workflow.steps[step];
    if (!current) return stop('done'); // the creator removed steps since
    const creator = await creatorName(tx, workflow.creatorId);
    if ((await sentThisMonth(tx, workflow.creatorId)) >= planById(creator?.plan ?? 'free').audienceMailsPerMonth) {
      // The plan's e-mails of this month are used: the step goes out when next month's begin.
      const nextMonth = startOfNextUtcMonth(new Date());
      await tx.update(audienceWorkflowEnrollments).set({ dueAt: nextMonth }).where(eq(audienceWorkflowEnrollments.id, enrollmentId));
      await queueStep(tx, { enrollmentId, step }, nextMonth, `allowance-${nextMonth.toISOString().slice(0, 7)}`);
      return;
    }
    const locale = row.userLocale ?? enrollment.locale;
    const store = creator?.name ?? ctx.config.BRAND_NAME;
    await ctx.mailer.send(postMail(ctx, tokens, { id: null, creatorId: workflow.creatorId, subject: current.subject, body: current.body }, { email: enrollment.email, locale }, store), tx);
    await tx.insert(audienceWorkflowMails).values({ creatorId: workflow.creatorId });
    const following = workflow.steps[step + 1];
    if (!following) {
      await tx.update(audienceWorkflowEnrollments).set({ nextStep: step + 1, status: 'done' }).where(eq(audienceWorkflowEnrollments.id, enrollmentId));
      return;
    }
    const dueAt = new Date(Date.now() + following.delayDays * DAY_MS);
    await tx.update(audienceWorkflowEnrollments).set({ nextStep: step + 1, dueAt }).where(eq(audienceWorkflowEnrollments.id, enrollmentId));
    await queueStep(tx, { enrollmentId, step: step + 1 }, dueAt);
  });
}

// The creator's screens.

async function listWorkflowRows(executor: Executor, creatorId: string, workflowId?: string) {
  const count = (status: string) =>
    sql<number>`(SELECT count(*)::int FROM audience_workflow_enrollments e WHERE e.workflow_id = audience_workflows.id AND e.status = ${status})`;
  return executor
    .select({
      workflow: audienceWorkflows,
      productName: products.name,
      enrolled: sql<number>`(SELECT count(*)::int FROM audience_workflow_enrollments e WHERE e.workflow_id = audience_workflows.id)`,
      sent: sql<number>`(SELECT coalesce(sum(e.next_step), 0)::int FROM audience_workflow_enrollments e WHERE e.workflow_id = audience_workflows.id)`,
      active: count('active'),
      done: count('done'),
      refunded: count('refunded'),
      unsubscribed: count('unsubscribed'),
    })
    .from(audienceWorkflows)
    .leftJoin(products, eq(products.id, audienceWorkflows.productId))
    .where(and(eq(audienceWorkflows.creatorId, creatorId), workflowId ? eq(audienceWorkflows.id, workflowId) : undefined))
    .orderBy(desc(audienceWorkflows.createdAt))
    .limit(100);
}

type WorkflowRow = Awaited<ReturnType<typeof listWorkflowRows>>[number];

const toWorkflow = ({ workflow, productName, enrolled, sent, active, done, refunded, unsubscribed }: WorkflowRow): AudienceWorkflow => ({
  id: workflow.id,
  name: workflow.name,
  productId: workflow.productId,
  productName: productName ?? null,
  paused: workflow.paused,
  steps: workflow.steps,
  createdAt: workflow.createdAt.toISOString(),
  stats: { enrolled, sent, active, done, refunded, unsubscribed },
});

export async function listWorkflows(ctx: AppContext, creatorId: string) {
  return { items: (await listWorkflowRows(ctx.database.db, creatorId)).map(toWorkflow) };
}

/** One of the creator's workflows; another creator's is not found (404). */
export async function getWorkflow(ctx: AppContext, creatorId: string, workflowId: string): Promise<AudienceWorkflow> {
  const [row] = await listWorkflowRows(ctx.database.db, creatorId, workflowId);
  if (!row) throw new NotFoundError(AUDIENCE_MESSAGES.workflowNotFound, 'workflow_not_found');
  return toWorkflow(row);
}

interface WorkflowValues {
  name: string;
  productId: string | null;
  paused: boolean;
  steps: WorkflowStep[];
}

async function assertOwnProduct(executor: Executor, creatorId: string, productId: string | null) {
  if (!productId) return;
  const [product] = await executor
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, creatorId)));
  if (!product) throw new NotFoundError(AUDIENCE_MESSAGES.productNotFound, 'product_not_found');
}

export async function createWorkflow(ctx: AppContext, creatorId: string, input: WorkflowValues): Promise<AudienceWorkflow> {
  await assertOwnProduct(ctx.database.db, creatorId, input.productId);
  const [workflow] = await ctx.database.db.insert(audienceWorkflows).values({ creatorId, ...input }).returning({ id: audienceWorkflows.id });
  return getWorkflow(ctx, creatorId, workflow!.id);
}

/**
 * Saves the creator's changes. The enrolled go on from the step they are at, with the new texts;
 * a step already queued keeps its time. Resuming a paused workflow queues its waiting enrollments.
 */
export async function updateWorkflow(ctx: AppContext, creatorId: string, workflowId: string, input: WorkflowValues): Promise<AudienceWorkflow> {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ paused: audienceWorkflows.paused })
      .from(audienceWorkflows)
      .where(and(eq(audienceWorkflows.id, workflowId), eq(audienceWorkflows.creatorId, creatorId)))
      .for('update');
    if (!before) throw new NotFoundError(AUDIENCE_MESSAGES.workflowNotFound, 'workflow_not_found');
    await assertOwnProduct(tx, creatorId, input.productId);
    await tx
      .update(audienceWorkflows)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(audienceWorkflows.id, workflowId));
    if (before.paused && !input.paused) await requeueEnrollments(tx, { workflowId });
  });
  return getWorkflow(ctx, creatorId, workflowId);
}

export async function deleteWorkflow(ctx: AppContext, creatorId: string, workflowId: string): Promise<void> {
  const deleted = await ctx.database.db
    .delete(audienceWorkflows)
    .where(and(eq(audienceWorkflows.id, workflowId), eq(audienceWorkflows.creatorId, creatorId)))
    .returning({ id: audienceWorkflows.id });
  if (deleted.length === 0) throw new NotFoundError(AUDIENCE_MESSAGES.workflowNotFound, 'workflow_not_found');
}

// Workflows (issue #22): "after a purchase of X, wait N days, send Y". A completed sale enrols its
// buyer in the creator's active workflows for that product (or any product) in the sale's own
// transaction, and queues the first step's audience.workflow task, due after its delay. Each step,
// in one transaction holding the enrollment's row, queues the mail (mail.send), moves next_step on
// and queues the next step; a repeat of a step finds next_step moved on and does nothing, so each
// step is mailed once. A wholly refunded sale or an unsubscribed address stops the enrollment at
// its next step. A paused workflow enrols nobody and leaves its enrollments waiting; resuming
// queues them again (the task key keeps one task per enrollment and step). Workflow mails count
// towards the plan's e-mails a month; with them used, a step waits for the next month.
// Other triggers (issue #46) enrol the same way, in the transaction that records their event: a
// confirmed "Get updates" sign-up or a follow (new follower), a membership started or cancelled, and
// the recurring audience.trial-ending task for trials about to end. An enrollment's subject key names
// its event, unique per workflow, so each event enrols a person once.
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AudienceWorkflow, WorkflowStep } from '#shared/audience-api.ts';
import { AUDIENCE_MESSAGES, MEMBERSHIP_WORKFLOW_TRIGGERS, TRIAL_ENDING_NOTICE_DAYS, type WorkflowTrigger } from '#shared/audience.ts';
import { planById } from '#shared/plans.ts';
import type { Language } from '#shared/profiles.ts';
import type { Executor } from '../../db/client.ts';
import { audienceSubscribers, audienceUnsubscribes, audienceWorkflowEnrollments, audienceWorkflowMails, audienceWorkflows } from '../../db/schema/audience.ts';
import { users } from '../../db/schema/auth.ts';
import { membershipPlans, subscriptions } from '../../db/schema/memberships.ts';
import { products } from '../../db/schema/products.ts';
import { sales } from '../../db/schema/sales.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { enqueueTask } from '../../platform/tasks.ts';
import { countsAsCustomer, creatorName, isOwnAddress, isSendingPaused, sentThisMonth } from './queries.ts';
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

/** Who an event enrols, and in which of the creator's workflows (its trigger, and the product it concerns). */
interface Enrolment {
  creatorId: string;
  trigger: WorkflowTrigger;
  /** The product bought or the membership's; null for a follower (only the "any product" workflows match it then). */
  productId: string | null;
  /** The event, once per workflow (audience_workflow_enrollments.subject_key). */
  subjectKey: string;
  email: string;
  userId: string | null;
  locale: Language;
  saleId?: string;
}

async function isUnsubscribed(executor: Executor, creatorId: string, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ email: audienceUnsubscribes.email })
    .from(audienceUnsubscribes)
    .where(and(eq(audienceUnsubscribes.creatorId, creatorId), eq(audienceUnsubscribes.email, email)));
  return row !== undefined;
}

/**
 * In the event's transaction: enrols the person in the creator's active workflows of that trigger
 * (for that product, or any), each once (the unique subject key; a retry or a concurrent run of the
 * same event inserts nothing), and queues each first step after its delay. An unsubscribed address,
 * or the creator's own, is enrolled in nothing. Answers how many enrollments it made.
 */
async function enrol(tx: Executor, who: Enrolment): Promise<number> {
  const email = who.email.trim().toLowerCase();
  if (!email) return 0;
  // The workflows first: most events find none, and then cost this one query.
  const workflows = await tx
    .select({ id: audienceWorkflows.id, steps: audienceWorkflows.steps })
    .from(audienceWorkflows)
    .where(
      and(
        eq(audienceWorkflows.creatorId, who.creatorId),
        eq(audienceWorkflows.trigger, who.trigger),
        eq(audienceWorkflows.paused, false),
        who.productId ? or(isNull(audienceWorkflows.productId), eq(audienceWorkflows.productId, who.productId)) : isNull(audienceWorkflows.productId),
      ),
    );
  if (workflows.length === 0 || (await isUnsubscribed(tx, who.creatorId, email)) || (await isOwnAddress(tx, who.creatorId, email))) return 0;
  let made = 0;
  for (const workflow of workflows) {
    const first = workflow.steps[0];
    if (!first) continue;
    const dueAt = new Date(Date.now() + first.delayDays * DAY_MS);
    const [enrollment] = await tx
      .insert(audienceWorkflowEnrollments)
      .values({ workflowId: workflow.id, saleId: who.saleId ?? null, subjectKey: who.subjectKey, email, userId: who.userId, locale: who.locale, dueAt })
      .onConflictDoNothing({ target: [audienceWorkflowEnrollments.workflowId, audienceWorkflowEnrollments.subjectKey] })
      .returning({ id: audienceWorkflowEnrollments.id });
    if (!enrollment) continue;
    made += 1;
    await queueStep(tx, { enrollmentId: enrollment.id, step: 0 }, dueAt);
  }
  return made;
}

/** In the sales' transaction: enrols the buyers of completed sales in the matching active purchase workflows. */
export async function enrolInWorkflows(
  tx: Executor,
  made: readonly { id: string; status: string; creatorId: string | null; productId: string | null; buyerEmail: string; buyerUserId: string | null; amountCents: number }[],
  locale: Language,
): Promise<void> {
  for (const sale of made) {
    if (sale.status !== 'completed' || !sale.creatorId || !sale.productId) continue;
    // A workflow's mails are the creator's posts, not the receipt: only a customer gets them (a free
    // "purchase" whose address was confirmed before, never the creator's own address; decision 020).
    if (!(await countsAsCustomer(tx, sale.creatorId, sale.buyerEmail, sale.amountCents))) continue;
    await enrol(tx, {
      creatorId: sale.creatorId,
      trigger: 'purchase',
      productId: sale.productId,
      subjectKey: `sale:${sale.id}`,
      email: sale.buyerEmail,
      userId: sale.buyerUserId,
      locale,
      saleId: sale.id,
    });
  }
}

/**
 * In the confirmation's transaction: a "Get updates" sign-up confirmed just now (its confirmed_at is
 * this transaction's now(), so following the link again enrols nothing new) enrols the address in the
 * creator's new-follower workflows, once per sign-up.
 */
export async function enrolNewSubscriber(tx: Executor, creatorId: string, email: string): Promise<void> {
  const [subscriber] = await tx
    .select({ id: audienceSubscribers.id, email: audienceSubscribers.email, locale: audienceSubscribers.locale })
    .from(audienceSubscribers)
    .where(and(eq(audienceSubscribers.creatorId, creatorId), eq(audienceSubscribers.email, email), sql`${audienceSubscribers.confirmedAt} = now()`));
  if (!subscriber) return;
  await enrol(tx, { creatorId, trigger: 'follower', productId: null, subjectKey: `subscriber:${subscriber.id}`, email: subscriber.email, userId: null, locale: subscriber.locale });
}

/**
 * A signed-in user's new follow of a creator (the community's Follow): the creator's new-follower
 * workflows, once per follower. Each step is written in the account's language when it is sent
 * (workflowStep reads users.locale for an enrollment with a user), so none is kept here.
 */
export async function enrolNewFollow(tx: Executor, creatorId: string, follower: { id: string; email: string }): Promise<void> {
  await enrol(tx, { creatorId, trigger: 'follower', productId: null, subjectKey: `follow:${follower.id}`, email: follower.email, userId: follower.id, locale: 'en' });
}

/** The subscription row's fields a membership's enrolment reads. */
interface MemberRow {
  id: string;
  subject: string;
  creatorId: string | null;
  productId: string | null;
  subscriberEmail: string;
  subscriberUserId: string | null;
  locale: Language;
}

/** The membership events that enrol: started, cancelled (once each per membership), and its trial about to end. */
type MembershipWorkflowEvent = 'started' | 'cancelled' | 'trial_ending';
const MEMBERSHIP_TRIGGER: Record<MembershipWorkflowEvent, WorkflowTrigger> = {
  started: 'membership_started',
  cancelled: 'membership_cancelled',
  trial_ending: 'trial_ending',
};

/** In the transaction that records a membership's event: its member enrolled in the creator's workflows of that trigger. */
export async function enrolMember(tx: Executor, sub: MemberRow, event: MembershipWorkflowEvent): Promise<number> {
  if (sub.subject !== 'membership' || !sub.creatorId) return 0; // a Zerri plan's subscription is not a creator's membership
  return enrol(tx, {
    creatorId: sub.creatorId,
    trigger: MEMBERSHIP_TRIGGER[event],
    productId: sub.productId,
    subjectKey: `membership:${sub.id}:${event}`,
    email: sub.subscriberEmail,
    userId: sub.subscriberUserId,
    locale: sub.locale,
  });
}

export const TRIAL_ENDING_TASK = 'audience.trial-ending';
const TRIAL_BATCH = 100;

/**
 * The recurring `audience.trial-ending`: trialing memberships (not set to cancel) whose trial ends
 * within TRIAL_ENDING_NOTICE_DAYS of the clock's now, with an active trial-ending workflow of their
 * creator that has not enrolled them, each enrolled in its own transaction. Once each: the unique
 * subject key keeps a second run, or one running at the same time, from enrolling anyone twice.
 */
export async function enrolEndingTrials(ctx: AppContext): Promise<{ enrolled: number }> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS);
  let enrolled = 0;
  let after = '';
  for (let round = 0; round < 1000; round += 1) {
    const due = await ctx.database.db
      .select({
        id: subscriptions.id,
        subject: subscriptions.subject,
        creatorId: subscriptions.creatorId,
        productId: subscriptions.productId,
        subscriberEmail: subscriptions.subscriberEmail,
        subscriberUserId: subscriptions.subscriberUserId,
        locale: subscriptions.locale,
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.subject, 'membership'),
          eq(subscriptions.status, 'trialing'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          gt(subscriptions.trialEndsAt, now),
          lte(subscriptions.trialEndsAt, until),
          gt(subscriptions.id, after),
          sql`EXISTS (SELECT 1 FROM audience_workflows w WHERE w.creator_id = ${subscriptions.creatorId} AND w.trigger = 'trial_ending' AND NOT w.paused
            AND (w.product_id IS NULL OR w.product_id = ${subscriptions.productId})
            AND NOT EXISTS (SELECT 1 FROM audience_workflow_enrollments e WHERE e.workflow_id = w.id AND e.subject_key = 'membership:' || ${subscriptions.id} || ':trial_ending'))`,
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(TRIAL_BATCH);
    for (const sub of due) enrolled += await ctx.database.db.transaction((tx) => enrolMember(tx, sub, 'trial_ending'));
    if (due.length < TRIAL_BATCH) break;
    after = due.at(-1)!.id;
  }
  return { enrolled };
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
      .leftJoin(sales, eq(sales.id, audienceWorkflowEnrollments.saleId))
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
    if (row.saleStatus === 'refunded') return stop('refunded'); // a purchase's enrollment; the others have no sale
    // Whatever enrolled them: an address unsubscribed since gets nothing more.
    if (await isUnsubscribed(tx, workflow.creatorId, enrollment.email)) return stop('unsubscribed');
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
  trigger: workflow.trigger,
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
  trigger: WorkflowTrigger;
  productId: string | null;
  paused: boolean;
  steps: WorkflowStep[];
}

/**
 * The workflow's product, when it names one: one of the creator's (else 404), and for a membership's
 * trigger one of their memberships (else 400). A follower's takes none (the input schema says so).
 */
async function assertWorkflowProduct(executor: Executor, creatorId: string, input: Pick<WorkflowValues, 'trigger' | 'productId'>) {
  if (!input.productId) return;
  const [product] = await executor
    .select({ id: products.id, membership: membershipPlans.productId })
    .from(products)
    .leftJoin(membershipPlans, eq(membershipPlans.productId, products.id))
    .where(and(eq(products.id, input.productId), eq(products.userId, creatorId)));
  if (!product) throw new NotFoundError(AUDIENCE_MESSAGES.productNotFound, 'product_not_found');
  if (MEMBERSHIP_WORKFLOW_TRIGGERS.includes(input.trigger) && !product.membership) {
    throw new BadRequestError(AUDIENCE_MESSAGES.notMembershipProduct, 'workflow_product_not_membership');
  }
}

export async function createWorkflow(ctx: AppContext, creatorId: string, input: WorkflowValues): Promise<AudienceWorkflow> {
  await assertWorkflowProduct(ctx.database.db, creatorId, input);
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
    await assertWorkflowProduct(tx, creatorId, input);
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

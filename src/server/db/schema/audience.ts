import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { AUDIENCE_KINDS, ENROLLMENT_STATUSES, POST_STATUSES, WORKFLOW_TRIGGERS } from '#shared/audience.ts';
import { users } from './auth.ts';
import { products } from './products.ts';
import { sales } from './sales.ts';

/** A visitor's "Get updates" sign-up with a creator; mailed only once confirmed (double opt-in). E-mails lowercased. */
export const audienceSubscribers = pgTable(
  'audience_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The name an import's file gave (modules/customers/import.ts); a "Get updates" sign-up has none. */
    name: text('name'),
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('audience_subscribers_creator_email_unique').on(table.creatorId, table.email)],
);

/** Addresses a creator never mails again (one-click unsubscribe); `post_id` the post it came from, for its stats. */
export const audienceUnsubscribes = pgTable(
  'audience_unsubscribes',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    postId: uuid('post_id').references(() => audiencePosts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'audience_unsubscribes_pk', columns: [table.creatorId, table.email] }), index('audience_unsubscribes_post_idx').on(table.postId)],
);

/**
 * A free "purchase" the buyer confirmed through the link of its receipt: only then is the address one
 * of the creator's customers for their posts (a sale of money or a paid gift counts without it).
 * E-mails lowercased.
 */
export const audienceBuyerConfirmations = pgTable(
  'audience_buyer_confirmations',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'audience_buyer_confirmations_pk', columns: [table.creatorId, table.email] })],
);

export interface StoredAudienceFilter {
  kind: (typeof AUDIENCE_KINDS)[number];
  productId: string | null;
  boughtAfter: string | null;
  minSpentCents: number | null;
}

/** A creator's post (broadcast): written, then sent now or at `scheduled_at` by the audience.send task. */
export const audiencePosts = pgTable(
  'audience_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<StoredAudienceFilter>().notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    /** The send in progress: each step of the audience.send task carries it; a step of an older send (cancelled, resumed) does nothing. */
    sendToken: uuid('send_token'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Opt-in open tracking: the mail's HTML carries a one-pixel image (off by default). */
    trackOpens: boolean('track_opens').notNull().default(false),
    /** The product whose buyers get this post's attached files as an update (audience_post_files). */
    updateProductId: uuid('update_product_id').references(() => products.id, { onDelete: 'set null' }),
    /** When its recipients were written into audience_deliveries (once per post). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_posts_creator_idx').on(table.creatorId, table.createdAt.desc())],
);

/** One recipient of a post: `sent_at` is set in the transaction that queues the mail, so each gets one mail. */
export const audienceDeliveries = pgTable(
  'audience_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => audiencePosts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Unsubscribed between the expansion and its turn: not mailed. */
    skipped: boolean('skipped').notNull().default(false),
    /** The SMTP server accepted the mail. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** First load of the tracking pixel (posts with track_opens only). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** First click on one of the post's links (through /api/audience/c/…). */
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (table) => [
    unique('audience_deliveries_post_email_unique').on(table.postId, table.email),
    index('audience_deliveries_pending_idx').on(table.postId, table.id).where(sql`${table.sentAt} IS NULL AND NOT ${table.skipped}`),
    index('audience_deliveries_user_idx').on(table.userId),
    index('audience_deliveries_email_idx').on(table.email),
    index('audience_deliveries_sent_idx').on(table.sentAt),
  ],
);

/** An admin's pause of a creator's sending (admin users page). */
export const audienceSenders = pgTable('audience_senders', {
  creatorId: text('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file a post attaches to a product for its buyers: the library lists it under the product once the post is sent. */
export const audiencePostFiles = pgTable(
  'audience_post_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => audiencePosts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_post_files_post_idx').on(table.postId), index('audience_post_files_product_idx').on(table.productId)],
);

export interface StoredWorkflowStep {
  delayDays: number;
  subject: string;
  body: string;
}

/**
 * "After a purchase of a product (or any), wait N days, send this": a creator's automated sequence.
 * Its trigger (issue #46) may instead be a new follower, a membership started or cancelled, or a
 * trial about to end (migration 0065).
 */
export const audienceWorkflows = pgTable(
  'audience_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What enrols someone: a purchase (the default), a new follower, a membership started or cancelled, a trial ending. */
    trigger: text('trigger', { enum: WORKFLOW_TRIGGERS }).notNull().default('purchase'),
    /**
     * The product whose purchase (or membership, for a membership's triggers) enrols; null: any of the
     * creator's. Always null for a follower's workflow.
     */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** Each step's delay counts from the one before (the first from the purchase). */
    steps: jsonb('steps').$type<StoredWorkflowStep[]>().notNull(),
    /** Paused: no one is enrolled and no step goes out until it is resumed. */
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audience_workflows_creator_idx').on(table.creatorId),
    check('audience_workflows_trigger_check', sql`${table.trigger} IN ('purchase', 'follower', 'membership_started', 'membership_cancelled', 'trial_ending')`),
    check('audience_workflows_follower_product_check', sql`${table.trigger} <> 'follower' OR ${table.productId} IS NULL`),
  ],
);

/**
 * Someone going through a workflow: `next_step` moves on in the transaction that queues that step's
 * mail. `subject_key` names the event that enrolled them (`sale:<id>`, `subscriber:<id>`,
 * `follow:<user id>`, `membership:<id>:started|cancelled|trial_ending`): unique per workflow, so each
 * event enrols once however often it is recorded. `sale_id` is the purchase's (its refund stops it).
 */
export const audienceWorkflowEnrollments = pgTable(
  'audience_workflow_enrollments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => audienceWorkflows.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
    subjectKey: text('subject_key').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['en', 'es', 'fr'] }).notNull().default('en'),
    nextStep: integer('next_step').notNull().default(0),
    /** When next_step is due (waiting while the workflow is paused). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('audience_workflow_enrollments_subject_unique').on(table.workflowId, table.subjectKey),
    index('audience_workflow_enrollments_sale_idx').on(table.saleId),
    check('audience_workflow_enrollments_step_check', sql`${table.nextStep} >= 0`),
  ],
);

/**
 * One workflow e-mail handed to the mail queue. Counts towards the creator's monthly sending allowance
 * as a post's delivery does; kept when the workflow is deleted, so deleting one gives no allowance back.
 */
export const audienceWorkflowMails = pgTable(
  'audience_workflow_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_workflow_mails_creator_idx').on(table.creatorId, table.sentAt)],
);

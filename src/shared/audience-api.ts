/** The audience routes and the schemas of their bodies and answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import {
  AUDIENCE_FILTERED_KINDS,
  AUDIENCE_KINDS,
  AUDIENCE_MESSAGES,
  ENROLLMENT_STATUSES,
  POST_BODY_MAX,
  POST_SCHEDULE_MAX_DAYS,
  POST_STATUSES,
  POST_SUBJECT_MAX,
  WORKFLOW_DELAY_MAX_DAYS,
  WORKFLOW_NAME_MAX,
  WORKFLOW_STEPS_MAX,
  WORKFLOW_TRIGGERS,
  workflowTriggerTakesProduct,
} from './audience.ts';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from './newsletter.ts';
import { PRICE_MAX_CENTS } from './products.ts';

/** Who a post goes to; the filters count for buyers only (customers, product). */
export const audienceFilterSchema = z
  .object({
    kind: z.enum(AUDIENCE_KINDS),
    productId: z.uuid(AUDIENCE_MESSAGES.productRequired).nullable().default(null),
    boughtAfter: z.iso.datetime({ offset: true, message: AUDIENCE_MESSAGES.dateInvalid }).nullable().default(null),
    minSpentCents: z.number().int(AUDIENCE_MESSAGES.amountInvalid).min(0, AUDIENCE_MESSAGES.amountInvalid).max(PRICE_MAX_CENTS, AUDIENCE_MESSAGES.amountInvalid).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'product' && !value.productId) ctx.addIssue({ code: 'custom', path: ['productId'], message: AUDIENCE_MESSAGES.productRequired });
  })
  .transform((value) =>
    AUDIENCE_FILTERED_KINDS.includes(value.kind)
      ? { ...value, productId: value.kind === 'product' ? value.productId : null }
      : { kind: value.kind, productId: null, boughtAfter: null, minSpentCents: null },
  );
export type AudienceFilter = z.output<typeof audienceFilterSchema>;
export type AudienceFilterInput = z.input<typeof audienceFilterSchema>;

export const postInputSchema = z.object({
  subject: z.string().trim().min(1, AUDIENCE_MESSAGES.subjectRequired).max(POST_SUBJECT_MAX, AUDIENCE_MESSAGES.subjectTooLong),
  body: z.string().trim().min(1, AUDIENCE_MESSAGES.bodyRequired).max(POST_BODY_MAX, AUDIENCE_MESSAGES.bodyTooLong),
  audience: audienceFilterSchema,
  /** A one-pixel image that counts opens; off unless the creator turns it on for this post. */
  trackOpens: z.boolean().default(false),
  /** The product whose buyers get the files attached to this post (POST /api/audience/posts/:id/files). */
  updateProductId: z.uuid(AUDIENCE_MESSAGES.productRequired).nullable().default(null),
});
export type PostInput = z.input<typeof postInputSchema>;

/** Send now (no `scheduledAt`) or at a time within a year. */
export const postSendSchema = z.object({
  scheduledAt: z.iso
    .datetime({ offset: true, message: AUDIENCE_MESSAGES.scheduleInvalid })
    .nullable()
    .default(null)
    .refine((value) => {
      if (!value) return true;
      const at = new Date(value).getTime();
      return at > Date.now() && at < Date.now() + POST_SCHEDULE_MAX_DAYS * 86_400_000;
    }, AUDIENCE_MESSAGES.scheduleInvalid),
});

export const postSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.object({
    kind: z.enum(AUDIENCE_KINDS),
    productId: z.string().nullable(),
    boughtAfter: z.string().nullable(),
    minSpentCents: z.number().int().nullable(),
  }),
  status: z.enum(POST_STATUSES),
  trackOpens: z.boolean(),
  updateProductId: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int() })),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** delivered: the SMTP server took it; opened: the pixel loaded (trackOpens only); clicked: one of its links followed. */
  stats: z.object({
    recipients: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    unsubscribed: z.number().int(),
  }),
});
export type AudiencePost = z.infer<typeof postSchema>;

export const postsSchema = z.object({ items: z.array(postSchema) });

/** The creator's audience at a glance, and what they may still send this month. */
export const audienceOverviewSchema = z.object({
  customers: z.number().int(),
  followers: z.number().int(),
  subscribers: z.number().int(),
  unsubscribed: z.number().int(),
  sending: z.object({ paused: z.boolean(), monthlyLimit: z.number().int(), sentThisMonth: z.number().int() }),
});
export type AudienceOverview = z.infer<typeof audienceOverviewSchema>;

export const audienceCountSchema = z.object({ count: z.number().int() });

/** A post's body as it reads in the mail and the library: sanitised HTML. */
export const postPreviewInputSchema = z.object({ body: z.string().max(POST_BODY_MAX, AUDIENCE_MESSAGES.bodyTooLong) });
export const postPreviewSchema = z.object({ html: z.string() });

/** A visitor's "Get updates" sign-up on a storefront or product page. */
export const subscribeInputSchema = z.object({
  creatorId: z.string().min(1).max(100),
  email: z.string().trim().min(1, NEWSLETTER_MESSAGES.emailRequired).max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES.emailInvalid).pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid)),
});
export const subscribeSchema = z.object({ message: z.string() });

/** A file a post attached to a product, for the product's buyers. */
export const updateFileSchema = z.object({ id: z.string(), name: z.string(), size: z.number().int(), productName: z.string(), url: z.string() });
export type AudienceUpdateFile = z.infer<typeof updateFileSchema>;

/** The posts a buyer was sent, for their library's Updates, with the files they attach to products the buyer owns. */
export const updatesSchema = z.object({
  items: z.array(z.object({ id: z.string(), subject: z.string(), html: z.string(), creatorName: z.string(), sentAt: z.string(), files: z.array(updateFileSchema) })),
});
export type AudienceUpdate = z.infer<typeof updatesSchema>['items'][number];

/** An admin pausing or resuming a creator's sending. */
export const sendingPauseInputSchema = z.object({ paused: z.boolean() });
export const sendingPauseSchema = z.object({ paused: z.boolean() });

export const workflowStepSchema = z.object({
  delayDays: z.number().int(AUDIENCE_MESSAGES.delayInvalid).min(0, AUDIENCE_MESSAGES.delayInvalid).max(WORKFLOW_DELAY_MAX_DAYS, AUDIENCE_MESSAGES.delayInvalid),
  subject: postInputSchema.shape.subject,
  body: postInputSchema.shape.body,
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

/**
 * A workflow as the creator writes it: what enrols (a purchase by default), the product it is for
 * (null: any; a membership for a membership's triggers, checked by the server; none for a follower),
 * then its e-mails.
 */
export const workflowInputSchema = z
  .object({
    name: z.string().trim().min(1, AUDIENCE_MESSAGES.workflowNameRequired).max(WORKFLOW_NAME_MAX, AUDIENCE_MESSAGES.workflowNameTooLong),
    trigger: z.enum(WORKFLOW_TRIGGERS, AUDIENCE_MESSAGES.triggerInvalid).default('purchase'),
    productId: z.uuid(AUDIENCE_MESSAGES.productRequired).nullable().default(null),
    paused: z.boolean().default(false),
    steps: z.array(workflowStepSchema).min(1, AUDIENCE_MESSAGES.stepsRequired).max(WORKFLOW_STEPS_MAX, AUDIENCE_MESSAGES.tooManySteps),
  })
  .superRefine((input, issues) => {
    if (input.productId !== null && !workflowTriggerTakesProduct(input.trigger)) {
      issues.addIssue({ code: 'custom', path: ['productId'], message: AUDIENCE_MESSAGES.followerNoProduct });
    }
  });
export type WorkflowInput = z.input<typeof workflowInputSchema>;

export const workflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  paused: z.boolean(),
  steps: z.array(workflowStepSchema),
  createdAt: z.string(),
  /** enrolled: buyers ever enrolled; sent: e-mails sent; by status: where the enrolled are now. */
  stats: z.object({
    enrolled: z.number().int(),
    sent: z.number().int(),
    active: z.number().int(),
    done: z.number().int(),
    refunded: z.number().int(),
    unsubscribed: z.number().int(),
  } satisfies Record<'enrolled' | 'sent' | (typeof ENROLLMENT_STATUSES)[number], z.ZodNumber>),
});
export type AudienceWorkflow = z.infer<typeof workflowSchema>;
export const workflowsSchema = z.object({ items: z.array(workflowSchema) });

export const AUDIENCE_API = {
  'GET /api/audience': audienceOverviewSchema,
  'POST /api/audience/count': audienceCountSchema,
  'POST /api/audience/preview': postPreviewSchema,
  'GET /api/audience/posts': postsSchema,
  'POST /api/audience/posts': postSchema,
  'GET /api/audience/posts/:id': postSchema,
  'DELETE /api/audience/posts/:id': noContentSchema,
  'POST /api/audience/posts/:id/test': noContentSchema,
  'POST /api/audience/posts/:id/send': postSchema,
  'POST /api/audience/posts/:id/files': postSchema,
  'DELETE /api/audience/posts/:id/files/:fileId': postSchema,
  'GET /api/audience/workflows': workflowsSchema,
  'POST /api/audience/workflows': workflowSchema,
  'GET /api/audience/workflows/:id': workflowSchema,
  'PUT /api/audience/workflows/:id': workflowSchema,
  'DELETE /api/audience/workflows/:id': noContentSchema,
  'POST /api/audience/subscribe': subscribeSchema,
  'GET /api/audience/updates': updatesSchema,
  'PUT /api/admin/users/:id/audience-sending': sendingPauseSchema,
} as const satisfies ApiRoutes;

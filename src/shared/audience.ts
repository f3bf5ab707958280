// E-mails to customers and followers (issue #22): a creator's audience, their posts and the
// one-click unsubscribe. No I/O; the server and the web share these rules and messages.
import { NEWSLETTER_MESSAGES, newsletterEmailProblem, normalizeNewsletterEmail } from './newsletter.ts';

/** Who a post goes to: every buyer, the buyers of one product, followers and e-mail subscribers, or all of them. */
export const AUDIENCE_KINDS = ['customers', 'product', 'followers', 'everyone'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** The filters apply to buyers (customers, product): bought after a date, spent at least an amount. */
export const AUDIENCE_FILTERED_KINDS: readonly AudienceKind[] = ['customers', 'product'];

export const POST_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A buyer in a workflow: going on, through every step, or stopped by a refund of the sale or an unsubscribe. */
export const ENROLLMENT_STATUSES = ['active', 'done', 'refunded', 'unsubscribed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/**
 * What enrols someone in a workflow (issue #46): a purchase, a new follower (a confirmed "Get updates"
 * sign-up or a follow), a membership started, a membership cancelled, or a trial about to end.
 */
export const WORKFLOW_TRIGGERS = ['purchase', 'follower', 'membership_started', 'membership_cancelled', 'trial_ending'] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
/** The triggers of a membership: their product, when one is chosen, is one of the creator's memberships. */
export const MEMBERSHIP_WORKFLOW_TRIGGERS: readonly WorkflowTrigger[] = ['membership_started', 'membership_cancelled', 'trial_ending'];
/** A follower's workflow is for no product; the others are for one product, or any (null). */
export const workflowTriggerTakesProduct = (trigger: WorkflowTrigger): boolean => trigger !== 'follower';
/** The trial-ending trigger enrols a trialing member (one not cancelling) this many days before the trial ends. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export const WORKFLOW_NAME_MAX = 100;
export const WORKFLOW_STEPS_MAX = 10;
/** A step waits at most a year after the one before. */
export const WORKFLOW_DELAY_MAX_DAYS = 365;

export const POST_SUBJECT_MAX = 150;
export const POST_BODY_MAX = 50_000;
/** A post may be scheduled up to a year ahead. */
export const POST_SCHEDULE_MAX_DAYS = 365;

export const AUDIENCE_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject can be at most ${POST_SUBJECT_MAX} characters.`,
  bodyRequired: 'Please write the post.',
  bodyTooLong: `The post can be at most ${POST_BODY_MAX} characters.`,
  productRequired: 'Please choose a product.',
  productNotFound: 'Product not found.',
  dateInvalid: 'Please enter a valid date.',
  amountInvalid: 'Please enter an amount of at least 0.',
  scheduleInvalid: 'Please choose a time in the future, within a year.',
  postNotFound: 'Post not found.',
  notDraft: 'This post has already been sent or scheduled.',
  noRecipients: 'Nobody is in this audience yet.',
  sendingPaused: 'Sending is paused for your account. Please contact support.',
  monthlyLimit: (limit: number) => `This send would go over your plan's ${limit} e-mails this month.`,
  creatorNotFound: 'Creator not found.',
  workflowNotFound: 'Workflow not found.',
  workflowNameRequired: 'Please name the workflow.',
  workflowNameTooLong: `The name can be at most ${WORKFLOW_NAME_MAX} characters.`,
  triggerInvalid: 'Please choose what starts the workflow.',
  followerNoProduct: 'A workflow for new followers is not for a product.',
  notMembershipProduct: 'Please choose one of your memberships.',
  stepsRequired: 'Please add at least one e-mail.',
  tooManySteps: `A workflow can have at most ${WORKFLOW_STEPS_MAX} e-mails.`,
  delayInvalid: `Please enter a number of days from 0 to ${WORKFLOW_DELAY_MAX_DAYS}.`,
  updateNeedsProduct: 'Please choose the product these files are for.',
  filesOnlyForDrafts: 'Files can be attached to a draft only.',
  fileRequired: 'Please choose a file.',
  fileNotFound: 'File not found.',
  tooManySignUps: (seconds: number) => `Too many sign-ups from your network. Please wait ${seconds} seconds.`,
  signUpSent: 'Check your inbox: we sent you a link to confirm.',
  linkInvalid: 'This link is not valid.',
  emailRequired: NEWSLETTER_MESSAGES.emailRequired,
  emailInvalid: NEWSLETTER_MESSAGES.emailInvalid,
} as const;

/** An e-mail as typed in a "Get updates" box: the newsletter's check, with this table's messages. */
export function audienceEmailProblem(raw: string): string | undefined {
  const problem = newsletterEmailProblem(raw);
  if (!problem) return undefined;
  return problem === NEWSLETTER_MESSAGES.emailRequired ? AUDIENCE_MESSAGES.emailRequired : AUDIENCE_MESSAGES.emailInvalid;
}
export const normalizeAudienceEmail = normalizeNewsletterEmail;

/** The one-click unsubscribe of every audience mail (RFC 8058): POSTed bare, so exempt from the origin check. */
export const AUDIENCE_UNSUBSCRIBE_PATH = '/api/audience/unsubscribe';
/** A free purchase's receipt link: the buyer says yes to the creator's posts (decision 020). */
export const AUDIENCE_BUYER_CONFIRM_PATH = '/api/audience/confirm-purchase';

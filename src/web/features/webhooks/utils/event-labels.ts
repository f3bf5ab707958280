import type { WebhookEvent } from '#shared/webhooks.ts';

/** Marks a key of the webhooks namespace, so src/web/lib/i18n-keys.test.ts checks that each label exists. */
const t = (key: string) => key;

/** What each event means, in the event picker (`satisfies` keeps the table in step with WEBHOOK_EVENTS). */
export const EVENT_LABELS = {
  'sale.created': t('webhooks:events.saleCreated'),
  'sale.refunded': t('webhooks:events.saleRefunded'),
  'sale.partially_refunded': t('webhooks:events.salePartiallyRefunded'),
  'invoice.paid': t('webhooks:events.invoicePaid'),
  'payout.requested': t('webhooks:events.payoutRequested'),
  'payout.completed': t('webhooks:events.payoutCompleted'),
  'payout.failed': t('webhooks:events.payoutFailed'),
  'product.created': t('webhooks:events.productCreated'),
  'product.updated': t('webhooks:events.productUpdated'),
  'review.created': t('webhooks:events.reviewCreated'),
  'job.application_received': t('webhooks:events.jobApplicationReceived'),
  'link.created': t('webhooks:events.linkCreated'),
  'link.updated': t('webhooks:events.linkUpdated'),
  'subscription.created': t('webhooks:events.subscriptionCreated'),
  'subscription.updated': t('webhooks:events.subscriptionUpdated'),
  'subscription.renewed': t('webhooks:events.subscriptionRenewed'),
  'subscription.past_due': t('webhooks:events.subscriptionPastDue'),
  'subscription.canceled': t('webhooks:events.subscriptionCanceled'),
  'subscription.ended': t('webhooks:events.subscriptionEnded'),
} satisfies Record<WebhookEvent, string>;

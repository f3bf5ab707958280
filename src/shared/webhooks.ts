// Outbound webhooks (issue #19): a user's endpoints receive the events they pick, signed as the
// Standard Webhooks specification says (webhook-id, webhook-timestamp, webhook-signature).

export const WEBHOOK_EVENTS = [
  'sale.created',
  'sale.refunded',
  'sale.partially_refunded',
  'invoice.paid',
  'payout.requested',
  'payout.completed',
  'payout.failed',
  'product.created',
  'product.updated',
  'review.created',
  'job.application_received',
  'link.created',
  'link.updated',
  'subscription.created',
  'subscription.updated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.ended',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What the Send test event button sends; not one an endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_ENDPOINTS_MAX = 10;
/** An endpoint failing this long is switched off. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** How long a delivery waits for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Please enter a valid web address, starting with https://.',
  httpsRequired: 'Webhook endpoints must use https://.',
  eventsRequired: 'Please pick at least one event.',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  /** An endpoint that resolves to a private, loopback or link-local address (SSRF guard). */
  /** Why an endpoint was switched off (kept as its disabled reason) and why a delivery has no answer (its excerpt). */
  disabledFailing: `Deliveries failed for more than ${WEBHOOK_DISABLE_AFTER_DAYS} days.`,
  noAnswer: `No answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds.`,
  addressRefused: (host: string) => `${host} points to a private or local network address, so Zerri does not send webhooks to it.`,
} as const;

/** Fixed values in WEBHOOK_MESSAGES, for their translations' {{placeholders}}. */
export const WEBHOOK_MESSAGE_PARAMS = { disabledFailing: { days: WEBHOOK_DISABLE_AFTER_DAYS }, noAnswer: { seconds: WEBHOOK_TIMEOUT_SECONDS } };

/** The URL problem of an endpoint, if any: https only in production (any http(s) URL in development). */
export function webhookUrlProblem(raw: string, requireHttps: boolean): { code: string; message: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { code: 'webhook_url_invalid', message: WEBHOOK_MESSAGES.urlInvalid };
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password || raw.length > WEBHOOK_URL_MAX) {
    return { code: 'webhook_url_invalid', message: WEBHOOK_MESSAGES.urlInvalid };
  }
  if (requireHttps && url.protocol !== 'https:') return { code: 'webhook_https_required', message: WEBHOOK_MESSAGES.httpsRequired };
  return undefined;
}

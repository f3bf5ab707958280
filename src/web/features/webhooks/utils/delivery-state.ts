import type { WebhookDelivery } from '#shared/webhooks-api.ts';

/** A pending delivery is "sending" before its first attempt and "retrying" after a failed one. */
export type DeliveryState = 'sending' | 'retrying' | 'delivered' | 'failed';

export function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): DeliveryState {
  if (delivery.status === 'pending') return delivery.attempts === 0 ? 'sending' : 'retrying';
  return delivery.status;
}

export const FAST_REFRESH_MS = 1500;
export const SLOW_REFRESH_MS = 15_000;

/**
 * How soon the open delivery log asks again: soon while a delivery is on its way (or just after a
 * test or resend, whose row may still show the last attempt), now and then while one waits for its
 * next retry (minutes to hours away), never when all are settled.
 */
export function deliveriesRefreshMs(items: readonly Pick<WebhookDelivery, 'status' | 'attempts'>[], now: number, hurryUntil: number): number | false {
  const states = items.map(deliveryState);
  if (now < hurryUntil || states.includes('sending')) return FAST_REFRESH_MS;
  return states.includes('retrying') ? SLOW_REFRESH_MS : false;
}

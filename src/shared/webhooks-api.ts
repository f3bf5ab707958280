/** The webhooks routes and the schemas of their bodies and answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from './webhooks.ts';

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was switched off by Zerri (failing for days), if it was. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const createdWebhookEndpointSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** The signing secret (whsec_…): answered this once, never again. */
  secret: z.string(),
});

export const webhookEndpointInputSchema = z.object({
  url: z.string().trim().min(1, WEBHOOK_MESSAGES.urlInvalid).max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.eventsRequired),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointChangeSchema = webhookEndpointInputSchema.partial().extend({ enabled: z.boolean().optional() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  /** The first characters of the receiver's answer, or the connection error. */
  responseExcerpt: z.string().nullable(),
  latencyMs: z.number().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ items: z.array(webhookDeliverySchema) });

export const WEBHOOKS_API = {
  'GET /api/webhooks': webhookEndpointsSchema,
  'POST /api/webhooks': createdWebhookEndpointSchema,
  'PATCH /api/webhooks/:id': webhookEndpointSchema,
  'DELETE /api/webhooks/:id': noContentSchema,
  'GET /api/webhooks/:id/deliveries': webhookDeliveriesSchema,
  'POST /api/webhooks/:id/test': webhookDeliverySchema,
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': webhookDeliverySchema,
} as const satisfies ApiRoutes;

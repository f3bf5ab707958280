/** The api-keys routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';

export { noContentSchema };

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const apiKeysSchema = z.object({ items: z.array(apiKeySummarySchema) });
export type ApiKeys = z.infer<typeof apiKeysSchema>;

export const createdApiKeySchema = z.object({
  apiKey: apiKeySummarySchema,
  /** The whole key: answered this once, never again. */
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** A 204 answer: no body. */

export const API_KEYS_API = {
  'GET /api/api-keys': apiKeysSchema,
  'POST /api/api-keys': createdApiKeySchema,
  'DELETE /api/api-keys/:id': noContentSchema,
} as const satisfies ApiRoutes;

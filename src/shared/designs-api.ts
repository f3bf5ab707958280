/** The designs routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { noContentSchema, type ApiRoutes } from './api-contract.ts';
import { designElementSchema } from './designs.ts';

/** A design in the list (no elements). */
export const designSummarySchema = z.object({ id: z.string(), title: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type DesignSummary = z.infer<typeof designSummarySchema>;

/** A whole design, as saved. */
export const designSchema = designSummarySchema.extend({ userId: z.string(), elements: z.array(designElementSchema), sizeBytes: z.number().int() });
export type Design = z.infer<typeof designSchema>;

export const designsSchema = z.object({ items: z.array(designSummarySchema) });
export const designAnswerSchema = z.object({ design: designSchema });
export const designSummaryAnswerSchema = z.object({ design: designSummarySchema });

/** DELETE /api/designs/:id answers 204 with no body. */
export const designDeletedSchema = noContentSchema;

export const DESIGNS_API = {
  'GET /api/designs': designsSchema,
  'POST /api/designs': designAnswerSchema,
  'GET /api/designs/:id': designAnswerSchema,
  'PUT /api/designs/:id': designAnswerSchema,
  'PATCH /api/designs/:id': designSummaryAnswerSchema,
  'DELETE /api/designs/:id': designDeletedSchema,
} as const satisfies ApiRoutes;

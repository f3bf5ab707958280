/** The orders routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import type { ApiRoutes } from './api-contract.ts';

/** A product in a cart, priced now. */
export const cartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  category: z.string(),
  cardUrl: z.string().nullable(),
  creator: z.object({ id: z.string(), name: z.string() }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({ items: z.array(cartItemSchema), totalCents: z.number().int() });
export type CartContents = z.infer<typeof cartSchema>;

/** A guest cart's prices; `unavailable` lists ids that can no longer be bought. */
export const cartQuoteSchema = cartSchema.extend({ unavailable: z.array(z.string()) });

export const ORDERS_API = {
  'GET /api/cart': cartSchema,
  'PUT /api/cart/items/:productId': cartSchema,
  'DELETE /api/cart/items/:productId': cartSchema,
  'POST /api/cart/merge': cartSchema,
  'POST /api/cart/quote': cartQuoteSchema,
} as const satisfies ApiRoutes;

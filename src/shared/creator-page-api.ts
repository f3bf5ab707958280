/** The creator page's routes and the schemas of their answers (src/shared/api-contract.ts). */
import { z } from 'zod';
import { currencySchema, type ApiRoutes } from './api-contract.ts';
import { creatorPageBlockSchema, CREATOR_PAGE_THEMES } from './creator-page.ts';

export const creatorPageSchema = z.object({
  slug: z.string(),
  theme: z.enum(CREATOR_PAGE_THEMES),
  accent: z.string(),
  blocks: z.array(creatorPageBlockSchema),
  onDomain: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CreatorPage = z.infer<typeof creatorPageSchema>;

/** Views of the page and clicks per block, over the last 30 days. */
export const creatorPageStatsSchema = z.object({
  days: z.number().int(),
  views: z.number().int(),
  clicks: z.array(z.object({ blockId: z.string(), clicks: z.number().int() })),
  /** Sales that followed a click on a block (the last click of the visit), less refunds, in the store's currency. */
  sales: z.array(z.object({ blockId: z.string(), sales: z.number().int(), revenueCents: z.number().int() })),
  currency: currencySchema,
});
export type CreatorPageStats = z.infer<typeof creatorPageStatsSchema>;

/** The preview: the page's HTML for the settings as they are being edited. */
export const creatorPagePreviewSchema = z.object({ html: z.string() });

export const CREATOR_PAGE_API = {
  'GET /api/creator-page': creatorPageSchema,
  'PUT /api/creator-page': creatorPageSchema,
  'POST /api/creator-page/preview': creatorPagePreviewSchema,
  'GET /api/creator-page/stats': creatorPageStatsSchema,
} as const satisfies ApiRoutes;

import type { Category } from '#shared/products.ts';
import { streamAi, type GenerateOptions } from '#web/lib/ai-stream.ts';

/** POST /api/ai/product-draft: the provider's draft of title, tags and description, streamed (parse it with parseProductDraft). */
export const draftProduct = (brief: string, category: Category | undefined, options: GenerateOptions): Promise<unknown> =>
  streamAi('/api/ai/product-draft', { brief, category }, options);

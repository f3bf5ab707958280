import type { TranslationLanguage } from '#shared/ai-product-draft.ts';
import { streamAi, type GenerateOptions } from '#web/lib/ai-stream.ts';

/** POST /api/ai/translate: a product description in Spanish or French, streamed. */
export const translateDescription = (text: string, to: TranslationLanguage, options: GenerateOptions): Promise<unknown> =>
  streamAi('/api/ai/translate', { text, to }, options);

import { streamAi, type GenerateOptions } from '#web/lib/ai-stream.ts';

/**
 * POST /api/ai/generate: streams the answer and calls `onDelta` as text arrives. Resolves with the
 * saved generation's id (undefined when nothing was written); throws GenerationError, or an
 * AbortError when `signal` stops it (the server keeps the partial text as a stopped generation).
 */
export const generateContent = (prompt: string, options: GenerateOptions): Promise<string | undefined> => streamAi('/api/ai/generate', { prompt }, options);

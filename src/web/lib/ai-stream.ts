import { AI_MESSAGES, type AiStreamEvent } from '#shared/ai.ts';
import type { TranslationLanguage } from '#shared/ai-product-draft.ts';
import type { Category } from '#shared/products.ts';
import { ApiError, type ErrorParams } from './api.ts';

// The streaming ai routes (POST /api/ai/generate, /api/ai/product-draft, /api/ai/translate) answer
// server-sent events, not JSON, so they are read here rather than through `call`.

/** A failure to show: a toast and the red card carry the same title and message (translated by its code). */
export class GenerationError extends ApiError {
  declare readonly title: string;

  constructor(title: string, message: string, status = 0, code = 'ai_error', params: ErrorParams = {}) {
    super(status, code, message, title, params);
    this.name = 'GenerationError';
  }
}

/** A refusal by the account's plan: this month's allowance used (ai_limit_reached, with the day it renews and the plan to upgrade to). */
export const isPlanRefusal = (error: unknown): error is GenerationError => error instanceof GenerationError && error.code === 'ai_limit_reached';

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Called with each piece of text as the provider writes it. */
  onDelta: (text: string) => void;
}

const unexpected = (status = 0) => new GenerationError(AI_MESSAGES.errorTitle, AI_MESSAGES.unexpected, status);

/** The title and message of a JSON error answer, in the words of SPEC §5 and §8. */
async function errorFromResponse(response: Response): Promise<GenerationError> {
  let error: { title?: unknown; code?: unknown; message?: unknown; params?: unknown } | undefined;
  try {
    error = ((await response.json()) as { error?: typeof error }).error;
  } catch {
    error = undefined;
  }
  if (response.status === 401) return new GenerationError(AI_MESSAGES.authTitle, AI_MESSAGES.auth, 401, 'auth_required');
  const title = typeof error?.title === 'string' && error.title ? error.title : AI_MESSAGES.errorTitle;
  const message = typeof error?.message === 'string' && error.message ? error.message : AI_MESSAGES.unexpected;
  const code = typeof error?.code === 'string' ? error.code : undefined;
  return new GenerationError(title, message, response.status, code, (error?.params ?? {}) as ErrorParams);
}

/** One server-sent event block (`event: …\ndata: {…}`), or null when it carries no data. */
function parseEvent(block: string): AiStreamEvent | null {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
  if (!data) return null;
  try {
    return JSON.parse(data) as AiStreamEvent;
  } catch {
    return null;
  }
}

/** The streaming ai routes and their bodies. */
export interface AiStreamRoutes {
  '/api/ai/generate': { prompt: string };
  '/api/ai/product-draft': { brief: string; category?: Category };
  '/api/ai/translate': { text: string; to: TranslationLanguage };
}

/**
 * POSTs to a streaming ai route and calls `onDelta` as text arrives. Resolves with the saved
 * generation's id (only the studio's generations are saved); throws GenerationError, or an
 * AbortError when `signal` stops it (the server keeps a generation's partial text as a stopped one).
 */
export async function streamAi<Path extends keyof AiStreamRoutes>(
  path: Path,
  body: AiStreamRoutes[Path],
  { signal, onDelta }: GenerateOptions,
): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unexpected();
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw unexpected(response.status);

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let generationId: string | undefined;
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unexpected(response.status);
    }
    if (chunk.done) break;
    buffer += chunk.value.replaceAll('\r\n', '\n');
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const event = parseEvent(buffer.slice(0, boundary));
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      if (!event) continue;
      if (event.type === 'delta') onDelta(event.text);
      else if (event.type === 'done') generationId = event.generationId;
      else if (event.type === 'error') {
        throw new GenerationError(event.title || AI_MESSAGES.failedTitle, event.message || AI_MESSAGES.unexpected, 0, event.code, event.params);
      }
    }
  }
  return generationId;
}

import OpenAI, { APIError } from 'openai';
import type { Config } from '../../config.ts';

export type AiProvider = { client: OpenAI; model: string } | undefined;

/** The OpenAI-compatible client, when AI_BASE_URL and AI_MODEL are set. The key stays on the server. */
export function createAiProvider(config: Config): AiProvider {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return undefined;
  return {
    model: config.AI_MODEL,
    client: new OpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY || 'not-set', maxRetries: 0 }),
  };
}

export function missingAiSettings(config: Config): string[] {
  return [
    ...(config.AI_BASE_URL ? [] : ['AI_BASE_URL']),
    ...(config.AI_API_KEY ? [] : ['AI_API_KEY']),
    ...(config.AI_MODEL ? [] : ['AI_MODEL']),
  ];
}

/** The provider's own words for a failure, without the SDK's status prefix. */
export function providerMessage(error: unknown): string | undefined {
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    return error.message.replace(/^\d{3}\s+/, '') || undefined;
  }
  return undefined;
}

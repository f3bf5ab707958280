import type OpenAI from 'openai';
import type { Config } from '../../config.ts';

export interface AiProvider {
  model: string;
  /** The OpenAI-compatible client, loaded on first use (the SDK stays out of memory until then). */
  client(): Promise<OpenAI>;
}

/** The provider, when AI_BASE_URL and AI_MODEL are set. The key stays on the server. */
export function createAiProvider(config: Config): AiProvider | undefined {
  const { AI_BASE_URL: baseURL, AI_MODEL: model, AI_API_KEY: apiKey } = config;
  if (!baseURL || !model) return undefined;
  let client: Promise<OpenAI> | undefined;
  return {
    model,
    client: () => (client ??= import('openai').then(({ default: OpenAI }) => new OpenAI({ baseURL, apiKey: apiKey || 'not-set', maxRetries: 0 }))),
  };
}

export function missingAiSettings(config: Config): string[] {
  return [
    ...(config.AI_BASE_URL ? [] : ['AI_BASE_URL']),
    ...(config.AI_API_KEY ? [] : ['AI_API_KEY']),
    ...(config.AI_MODEL ? [] : ['AI_MODEL']),
  ];
}

/** The provider's own words for a failure (an SDK APIError: a status and the provider's error body). */
export function providerMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || typeof (error as { status?: unknown }).status !== 'number') return undefined;
  const body = (error as { error?: { message?: unknown } }).error;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message.replace(/^\d{3}\s+/, '') || undefined : undefined;
}

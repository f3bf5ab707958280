/** AI Content Studio: messages (SPEC §5, §8), limits and the creators' starting points. */
import { z } from 'zod';

export const AI_PROMPT_MAX = 4000;

export const AI_MESSAGES = {
  authTitle: 'Authentication Required',
  auth: 'Please log in to use the AI Tools Builder.',
  promptTitle: 'Prompt Required',
  prompt: 'Please enter a prompt to get started.',
  promptTooLong: `Your prompt is too long. Please keep it under ${AI_PROMPT_MAX} characters.`,
  failedTitle: 'AI Generation Failed',
  timeout: 'The AI provider did not answer in time. Please try again.',
  errorTitle: 'Error',
  unexpected: 'An unexpected error occurred. Please try again.',
  notConfigured: 'The AI assistant is not configured on this server.',
  generationNotFound: 'Generation not found.',
  limitTitle: 'AI generations used up',
} as const;

/** The studio's prompt form: the text sent, trimmed (the server checks the same before generating). */
export const promptFormSchema = z.object({
  prompt: z.string().trim().min(1, AI_MESSAGES.prompt).max(AI_PROMPT_MAX, AI_MESSAGES.promptTooLong),
});
export type PromptForm = z.infer<typeof promptFormSchema>;

/** The calendar month (UTC) an AI generation counts in, as its first day (YYYY-MM-DD). */
export const aiUsageMonth = (now: Date): string => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);

/** The day (YYYY-MM-DD, UTC) this month's AI allowance renews: the first of next month. */
export const aiAllowanceResetsOn = (now: Date): string => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);

/** A YYYY-MM-DD day in English words ("January 1, 2027"), as the server's messages write it. */
export const englishDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

// Messages with values, kept out of AI_MESSAGES (whose entries are plain text).
export const aiNotConfiguredMessage = (settings: readonly string[]) => `${AI_MESSAGES.notConfigured} Set ${settings.join(', ')}.`;
export const aiRateLimitMessage = (seconds: number) => `You have asked for many generations in a short time. Please wait ${seconds} seconds.`;

/** A saved generation: completed, or stopped by the user (a failed one is not saved). */
export const GENERATION_STATUSES = ['completed', 'stopped'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Settings the server needs before it can call a provider. */
export const AI_SETTINGS = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;

/** Who is told which of those settings are missing: admins, who run the server (a creator is told to ask them). */
export function canSeeAiSettings(viewer: { role: string } | null | undefined): boolean {
  return viewer?.role === 'admin';
}

export interface PromptTemplate {
  id: string;
  label: string;
  prompt: string;
}

export const PROMPT_TEMPLATES: PromptTemplate[] = [
  {
    id: 'product-description',
    label: 'Product description',
    prompt:
      'Write a persuasive product description (about 120 words) for my digital product: [product name], a [type of product] for [audience]. Highlight three benefits and end with a call to action.',
  },
  {
    id: 'social-post',
    label: 'Social post',
    prompt: 'Write three short social media posts announcing [product name] to my followers. Friendly tone, one emoji each, include a call to action.',
  },
  {
    id: 'launch-email',
    label: 'Launch e-mail',
    prompt:
      'Write a launch e-mail for [product name]. Include a subject line, a short story of why I made it, what buyers get, the launch price of [price] and a clear call to action.',
  },
];

/**
 * Stream events from POST /api/ai/generate, /api/ai/product-draft and /api/ai/translate (server-sent
 * events); only a generation is saved, so only its done event names one.
 */
export type AiStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; generationId?: string }
  | { type: 'error'; title: string; code: string; message: string; params?: Record<string, string | number> };

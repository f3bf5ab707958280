import { z } from 'zod';

/** Every key starts with this, so leaked keys are easy to find in code and logs. */
export const API_KEY_PREFIX = 'zk_';
export const API_KEY_NAME_MAX = 60;
export const API_KEYS_PER_USER_MAX = 20;

export const API_KEY_MESSAGES = {
  businessOnly: 'API keys are part of the Business plan.',
  nameRequired: 'Please give the key a name.',
  nameTooLong: `The name can have at most ${API_KEY_NAME_MAX} characters.`,
  tooMany: `You can have at most ${API_KEYS_PER_USER_MAX} active keys. Revoke one you no longer use.`,
  notFound: 'That API key was not found.',
  invalid: 'This API key is not valid or was revoked.',
  wrongApi: 'API keys work only with the links and products APIs.',
  rateLimited: (seconds: number) => `Too many requests with this API key. Please wait ${seconds} seconds.`,
} as const;

/** Fixed values in API_KEY_MESSAGES, for their translations' {{placeholders}}. */
export const API_KEY_MESSAGE_PARAMS = { nameTooLong: { max: API_KEY_NAME_MAX } };

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
});

export type { ApiKeySummary } from './api-keys-api.ts';

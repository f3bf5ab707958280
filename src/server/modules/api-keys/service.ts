import { z } from 'zod';
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX } from '#shared/api-keys.ts';
import type { Db } from '../../db/client.ts';
import { generateApiKey } from '../../platform/api-keys.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { countActiveApiKeys, insertApiKey, revokeApiKey, toSummary } from './queries.ts';

/** A new key for the user, within the limit of active keys; the whole key is answered this once. */
export async function createApiKey(db: Db, userId: string, name: string) {
  if ((await countActiveApiKeys(db, userId)) >= API_KEYS_PER_USER_MAX) throw new AppError(409, 'too_many_api_keys', API_KEY_MESSAGES.tooMany);
  const { key, prefix, hash } = generateApiKey();
  const row = await insertApiKey(db, { userId, name, prefix, keyHash: hash });
  return { apiKey: toSummary(row), key };
}

/** Revokes one of the user's active keys: it stops working at once. */
export async function revokeUserApiKey(db: Db, userId: string, id: string) {
  if (!z.uuid().safeParse(id).success || !(await revokeApiKey(db, userId, id))) {
    throw new NotFoundError(API_KEY_MESSAGES.notFound, 'api_key_not_found');
  }
}

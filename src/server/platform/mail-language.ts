import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Language } from '#shared/profiles.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { languageOfHeader } from '../mail-texts/index.ts';

/** The language a request was made in: the web sends its interface language as Accept-Language. */
export const requestLanguage = (request: FastifyRequest): Language => languageOfHeader(request.headers['accept-language']);

/** The language of mails for the person making a request: their account's when signed in, else the request's. */
export async function mailLanguage(db: Executor, request: FastifyRequest, user: { id: string } | null | undefined): Promise<Language> {
  if (!user) return requestLanguage(request);
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id));
  return row?.locale ?? requestLanguage(request);
}

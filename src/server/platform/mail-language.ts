import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { LANGUAGE_KEY, type Language } from '#shared/profiles.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { isLanguage, languageOfHeader } from '../mail-texts/index.ts';

/** The language a request was made in: the web sends its interface language as Accept-Language. */
export const requestLanguage = (request: FastifyRequest): Language => languageOfHeader(request.headers['accept-language']);

const LANGUAGE_COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_KEY.replace('.', '\\.')}=([^;]*)`);

/**
 * The language of a page the server writes for a browser (the creator page), chosen as the web app
 * chooses its own (src/web/lib/i18n.ts): the one picked on this device (the app keeps it in a cookie
 * too), else the browser's first supported one (Accept-Language), else English.
 */
export function pageLanguage(headers: { cookie?: string; 'accept-language'?: string | string[] }): Language {
  const chosen = LANGUAGE_COOKIE.exec(headers.cookie ?? '')?.[1]?.trim();
  return isLanguage(chosen) ? chosen : languageOfHeader(headers['accept-language']);
}

/** The language of mails for the person making a request: their account's when signed in, else the request's. */
export async function mailLanguage(db: Executor, request: FastifyRequest, user: { id: string } | null | undefined): Promise<Language> {
  if (!user) return requestLanguage(request);
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id));
  return row?.locale ?? requestLanguage(request);
}

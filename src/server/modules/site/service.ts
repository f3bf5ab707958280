import { createHash } from 'node:crypto';
import type { SiteInfo } from '#shared/site-api.ts';
import type { SiteContent } from '#shared/site.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { paymentModeOf } from '../payments/providers.ts';
import { getSiteContent } from './queries.ts';

/** The contact addresses of the server's configuration (CONTACT_EMAIL_*): what an empty admin field falls back to. */
export function serverContacts(config: Config): SiteInfo['contacts'] {
  return {
    general: config.CONTACT_EMAIL_GENERAL,
    support: config.CONTACT_EMAIL_SUPPORT,
    partnerships: config.CONTACT_EMAIL_PARTNERSHIPS,
    careers: config.CONTACT_EMAIL_CAREERS,
  };
}

/**
 * GET /api/site: the brand, the contact addresses and what the operator says on the public site.
 * Read from the database on every call (one row by its key), so every instance answers an admin's
 * change at once; browsers revalidate it with its ETag.
 */
export async function getSiteInfo(ctx: AppContext): Promise<SiteInfo> {
  const { config } = ctx;
  const { contacts, ...content }: SiteContent = await getSiteContent(ctx.database.db);
  const fromServer = serverContacts(config);
  return {
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_URL,
    contacts: {
      general: contacts.general ?? fromServer.general,
      support: contacts.support ?? fromServer.support,
      partnerships: contacts.partnerships ?? fromServer.partnerships,
      careers: contacts.careers ?? fromServer.careers,
    },
    devMailbox: !config.isProduction && ctx.mailer.usesOutbox,
    // Checkout and /pay show a "Test mode" banner for 'test'.
    payments: paymentModeOf(config),
    content,
  };
}

/** A strong validator of an answer's JSON, for If-None-Match. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
}

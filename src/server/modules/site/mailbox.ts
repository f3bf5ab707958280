import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/site.ts';
import { escapeXml } from './avatar.ts';

export async function listMailbox(db: Db, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}

const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The development outbox as a plain page: newest mail first, links clickable. */
export function renderMailbox(mails: Awaited<ReturnType<typeof listMailbox>>, brand: string): string {
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
  <h2>${escapeXml(mail.subject)}</h2>
  <p class="meta">To ${escapeXml(mail.to)} · ${mail.createdAt.toISOString()}</p>
  <pre>${linkify(escapeXml(mail.text))}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet. Mail sent by the app (confirmations, password resets) shows up here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · ${escapeXml(brand)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;background:#0b0b12;color:#e5e7eb}
article{border:1px solid #333;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#9ca3af;margin:0 0 .5rem;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#a78bfa}</style></head>
<body><main><h1>Development mailbox</h1><p>Mail is kept here because no SMTP_URL is set. This page does not exist in production.</p>
${items}</main></body></html>`;
}

import { BarChart3, Clock, ExternalLink, Lock, Megaphone, Split } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import type { ShortLink } from '../api/types.ts';
import { formatCount, formatDate, formatDateTime } from '#web/lib/format.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';
import { DeleteLinkDialog } from './delete-link-dialog.tsx';
import { EditLinkDialog } from './edit-link-dialog.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';
import { linkDetailsPath } from '../utils/link-code.ts';
import { TagChips } from './link-settings-fields.tsx';

const COLUMNS = 'md:grid-cols-[minmax(0,1fr)_5.5rem_7.5rem_auto]';

/** The user's links: short URL and target, clicks, created date and the actions of each. */
export function LinksList({ links, onLinkDeleted }: { links: ShortLink[]; onLinkDeleted?: () => void }) {
  const { t } = useTranslation('links-pages');
  const copyTexts = useLinkCopyTexts();
  return (
    <div>
      <div
        aria-hidden="true"
        className={`hidden gap-4 border-b border-border px-4 pb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid ${COLUMNS}`}
      >
        <span>{t('list.link')}</span>
        <span className="text-right">{t('links:common.clicks')}</span>
        <span>{t('links:common.created')}</span>
        <span className="text-right">{t('list.actions')}</span>
      </div>
      <ul aria-label={t('list.label')} className="divide-y divide-border">
        {links.map((link) => (
          <li key={link.id} data-testid={link.domain ? `link-row-${link.domain}-${link.code}` : `link-row-${link.code}`} className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 px-4 py-4 md:items-center md:gap-4 ${COLUMNS}`}>
            <div className="col-span-2 min-w-0 md:col-span-1">
              <a
                href={link.shortUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="block truncate font-mono text-sm font-medium text-brand-soft underline-offset-4 hover:underline"
              >
                {link.shortUrl.replace(/^https?:\/\//, '')}
              </a>
              <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">{t('links:common.targetPrefix')} </span>
                <span className="truncate" title={link.url}>
                  {link.url}
                </span>
              </p>
              <LinkRules link={link} />
              <TagChips tags={link.tags} className="mt-2" />
            </div>
            <p className="flex items-baseline gap-2 text-sm md:block md:text-right">
              <span className="text-muted-foreground md:sr-only">{t('list.clicksPrefix')} </span>
              <span data-testid="link-clicks" className="font-semibold tabular-nums md:text-base">
                {formatCount(link.clicks)}
              </span>
            </p>
            <p className="flex items-baseline gap-2 text-sm whitespace-nowrap md:block">
              <span className="text-muted-foreground md:sr-only">{t('list.createdPrefix')} </span>
              <time dateTime={link.createdAt} title={formatDateTime(link.createdAt)}>
                {formatDate(link.createdAt)}
              </time>
            </p>
            <div className="col-span-2 -ml-2 flex flex-wrap items-center gap-1 md:col-span-1 md:ml-0 md:justify-end">
              <CopyButton text={link.shortUrl} texts={copyTexts} label={t('links:common.copyLabel', { text: link.code })} variant="ghost" size="sm" iconOnly />
              <QrCodeDialog text={link.shortUrl} code={link.code} />
              <Button asChild variant="ghost" size="sm">
                <Link to={linkDetailsPath(link)} aria-label={t('list.detailsOf', { code: link.code })}>
                  <BarChart3 aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{t('list.details')}</span>
                </Link>
              </Button>
              <EditLinkDialog link={link} />
              <DeleteLinkDialog code={link.code} domain={link.domain} shortUrl={link.shortUrl} onDeleted={onLinkDeleted} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link's password and expiry, as small labels under its destination. */
function LinkRules({ link }: { link: ShortLink }) {
  const { t } = useTranslation('links-pages');
  const [now] = useState(Date.now);
  const ended = (link.expiresAt !== null && Date.parse(link.expiresAt) <= now) || (link.maxClicks !== null && link.clicks >= link.maxClicks);
  const rules = [
    link.hasPassword ? { icon: Lock, text: t('list.password') } : null,
    ended ? { icon: Clock, text: t('list.expired') } : null,
    !ended && link.expiresAt ? { icon: Clock, text: t('list.endsOn', { date: formatDateTime(link.expiresAt) }) } : null,
    !ended && link.maxClicks !== null ? { icon: Clock, text: t('list.clicksLeft', { count: link.maxClicks - link.clicks, formatted: formatCount(link.maxClicks - link.clicks) }) } : null,
    link.iosUrl || link.androidUrl || link.countryUrls.length > 0 ? { icon: Split, text: t('list.targeting') } : null,
    Object.values(link.utm).some(Boolean) ? { icon: Megaphone, text: t('list.utm') } : null,
  ].filter((rule) => rule !== null);
  if (rules.length === 0) return null;
  return (
    <ul aria-label={t('list.rules')} className="mt-2 flex flex-wrap gap-1.5">
      {rules.map(({ icon: Icon, text }) => (
        <li key={text} className="inline-flex items-center gap-1 rounded-full border border-border bg-muted/50 px-2 py-0.5 text-xs text-muted-foreground">
          <Icon aria-hidden="true" className="size-3" /> {text}
        </li>
      ))}
    </ul>
  );
}

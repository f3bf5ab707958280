import { CircleCheck, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import type { ShortLink } from '../api/types.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useLinkCopyTexts } from '../utils/copy-texts.ts';

/** The link just created: the full short URL with Copy and Open, and the target it points to. */
export function ShortLinkResult({ link, shortUrl, className }: { link: ShortLink; shortUrl: string; className?: string }) {
  const { t } = useTranslation('links');
  const copyTexts = useLinkCopyTexts();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('grid grid-cols-1 gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4 text-left', className)}
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-200">
        <CircleCheck aria-hidden="true" className="size-4" /> {t('result.ready')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <a
          href={shortUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="short-url"
          className="min-w-0 flex-1 truncate rounded-lg border border-border bg-background/60 px-3 py-2 font-mono text-sm text-brand-soft underline-offset-4 hover:underline"
        >
          {shortUrl}
        </a>
        <div className="flex gap-2">
          <CopyButton text={shortUrl} texts={copyTexts} label={t('common.copyLabel', { text: shortUrl })} className="flex-1 sm:flex-none" />
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <a href={shortUrl} target="_blank" rel="noopener noreferrer" aria-label={t('result.openLabel', { url: shortUrl })}>
              <ExternalLink aria-hidden="true" /> {t('result.open')}
            </a>
          </Button>
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground">
        {t('result.pointsTo')} <span className="text-foreground/90">{link.url}</span>
      </p>
    </div>
  );
}

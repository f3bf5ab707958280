import { HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { storagePercent } from '#shared/storage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatBytes, formatPercent } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { useStorageUsage } from '../api/get-storage-usage.ts';

/** Bars from this share on are shown as nearly full. */
const NEARLY_FULL_PERCENT = 90;

/** Settings › Storage: how much of the plan's quota the user's files and designs take, as text and a bar. */
export function StorageCard() {
  const { t } = useTranslation('profiles');
  const { data: usage, isPending, isError, refetch, isFetching } = useStorageUsage();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardDrive aria-hidden="true" className="size-5 text-muted-foreground" />
          {t('settings.storage.title')}
        </CardTitle>
        <CardDescription>{t('settings.storage.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {t('settings.storage.loading')}
          </p>
        ) : isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p role="alert" className="text-muted-foreground">
              {t('settings.storage.loadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              {t('settings.tryAgain')}
            </Button>
          </div>
        ) : (
          <StorageMeter usedBytes={usage.usedBytes} quotaBytes={usage.quotaBytes} plan={t(`settings.storage.plans.${usage.plan}`)} />
        )}
      </CardContent>
    </Card>
  );
}

function StorageMeter({ usedBytes, quotaBytes, plan }: { usedBytes: number; quotaBytes: number; plan: string }) {
  const { t } = useTranslation('profiles');
  const percent = storagePercent({ usedBytes, quotaBytes });
  const percentText = formatPercent(percent);
  const summary = t('settings.storage.used', { used: formatBytes(usedBytes), quota: formatBytes(quotaBytes) });
  const full = usedBytes >= quotaBytes;
  const nearlyFull = !full && percent >= NEARLY_FULL_PERCENT;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium tabular-nums">{summary}</span>
        <span className="text-muted-foreground">{plan}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('settings.storage.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percentText} (${summary})`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            full ? 'bg-red-500' : nearlyFull ? 'bg-amber-500' : 'bg-gradient-to-r from-violet-500 to-fuchsia-500',
          )}
          // A sliver stays visible for a little use, so the bar never looks broken.
          style={{ width: `${usedBytes > 0 ? Math.max(percent, 1) : 0}%` }}
        />
      </div>
      <p className={cn('text-sm', full || nearlyFull ? 'font-medium text-amber-300' : 'text-muted-foreground')}>
        {full ? t('settings.storage.full') : nearlyFull ? t('settings.storage.nearlyFull') : t('settings.storage.percentUsed', { percent: percentText })}
      </p>
    </>
  );
}

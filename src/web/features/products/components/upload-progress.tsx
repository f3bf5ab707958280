import { useTranslation } from 'react-i18next';
import { formatPercent } from '#web/lib/format.ts';

/** The real upload progress (XMLHttpRequest upload events), then a note while the server stores the files. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation('products');
  const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
  const sent = percent >= 100;
  const percentText = formatPercent(percent);
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-center justify-between text-sm">
        <span id="upload-progress-label" className="text-muted-foreground">
          {sent ? t('progress.saving') : t('progress.uploading')}
        </span>
        <span className="font-medium tabular-nums" aria-hidden="true">
          {percentText}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={percentText}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

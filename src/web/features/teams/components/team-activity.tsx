import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useTeamActivity } from '../api/get-team-activity.ts';

/** What members did on my store, from the audit log, newest first. */
export function TeamActivity() {
  const { t } = useTranslation('teams');
  const { data, isPending, isError, error, refetch, isFetching } = useTeamActivity();
  if (isPending) return <LoadingState label={t('activity.loading')} />;
  if (isError) return <LoadFailedNotice title={t('activity.loadFailed')} error={error} namespace="teams" onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.items.length === 0) return <p className="py-4 text-center text-muted-foreground">{t('activity.empty')}</p>;
  return (
    <ol aria-label={t('activity.title')} className="divide-y divide-border rounded-lg border border-border">
      {data.items.map((entry) => (
        <li key={entry.id} className="grid gap-0.5 px-4 py-3 text-sm">
          <p>
            <span className="font-medium">{entry.actorName}</span>{' '}
            {t(`actions.${entry.action}`, { defaultValue: entry.action })}
            {entry.target ? <span className="break-all text-muted-foreground"> · {entry.target}</span> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {entry.actorEmail} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

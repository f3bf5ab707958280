import { SearchX, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';

/** The loading, failed (with 'Access Denied. Admins only.' for a 403) and empty states of a management list. */
export function ListState({
  isPending,
  error,
  isEmpty,
  loadingLabel,
  emptyLabel,
  failedLabel,
  onRetry,
}: {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  loadingLabel: string;
  emptyLabel: string;
  failedLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  if (isPending) return <LoadingState label={loadingLabel} />;
  if (error) {
    const forbidden = isApiError(error, 403);
    return (
      <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-100">
        <p className="flex items-center gap-2">
          {forbidden ? <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" /> : null}
          {forbidden ? t('errors.adminsOnly') : `${failedLabel} ${localizeError(error, 'admin')}`}
        </p>
        {forbidden ? null : (
          <div>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('list.tryAgain')}
            </Button>
          </div>
        )}
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <p className="text-muted-foreground">{emptyLabel}</p>
      </div>
    );
  }
  return null;
}

import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';

/** A page's data could not be loaded: why (translated by its code in `namespace`), and Try again. */
export function LoadFailedNotice({ title, error, namespace, onRetry, retrying }: { title: string; error: unknown; namespace: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Notice variant="error" title={title}>
      <p>{localizeError(error, namespace)}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
        {t('tryAgain')}
      </Button>
    </Notice>
  );
}

import { useTranslation } from 'react-i18next';
import { LoadingState } from '#web/components/ui/spinner.tsx';

/** Shown while the first page's code loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <LoadingState label={t('loading')} />
    </main>
  );
}

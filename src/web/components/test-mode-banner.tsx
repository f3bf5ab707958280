import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { useSite } from '#web/lib/site.ts';

/** "Test mode" on the checkout and payment pages while the site takes test-card payments only. */
export function TestModeBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data: site } = useSite();
  if (site?.payments !== 'test') return null;
  return (
    <Notice variant="info" title={t('payments.testModeTitle')} className={className}>
      {t('payments.testModeText')}
    </Notice>
  );
}

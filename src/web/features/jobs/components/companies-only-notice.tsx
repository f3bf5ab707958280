import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';

/** SPEC §6: only companies post jobs; everyone else sees why (the server refuses them with 403 too). */
export function CompaniesOnlyNotice() {
  const { t } = useTranslation('jobs');
  return (
    <Notice title={t('companiesOnly.title')}>
      <p>{t('errors.companiesOnly')}</p>
      <p className="mt-1 text-violet-200/80">{t('errors.companyAdvice')}</p>
    </Notice>
  );
}

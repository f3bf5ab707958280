import { useTranslation } from 'react-i18next';
import type { EmploymentType } from '#shared/jobs.ts';

/** An employment type (stored in English, SPEC §5) as the interface language names it. */
export function useEmploymentTypeLabel(): (type: EmploymentType | string) => string {
  const { t } = useTranslation('jobs');
  return (type) => {
    switch (type) {
      case 'Full-time':
        return t('types.fullTime');
      case 'Part-time':
        return t('types.partTime');
      case 'Contract':
        return t('types.contract');
      case 'Freelance':
        return t('types.freelance');
      case 'Internship':
        return t('types.internship');
      default:
        return type;
    }
  };
}

import { useTranslation } from 'react-i18next';

/** A category's long label (the upload form's, in English) in the interface language. */
export function useCategoryLabel() {
  const { t } = useTranslation('store');
  const labels: Record<string, string> = {
    eBook: t('categories.ebook'),
    Templates: t('categories.templates'),
    Software: t('categories.software'),
    Graphics: t('categories.graphics'),
    Video: t('categories.video'),
    Audio: t('categories.audio'),
    Course: t('categories.course'),
    ZIP: t('categories.zip'),
  };
  return (category: string) => labels[category] ?? category;
}

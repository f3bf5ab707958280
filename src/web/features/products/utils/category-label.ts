import { useTranslation } from 'react-i18next';
import type { Category } from '#shared/products.ts';

/** The upload form's category names (SPEC §5) in the interface language. */
export function useCategoryLabel(): (category: Category | string) => string {
  const { t } = useTranslation('products');
  return (category) => {
    switch (category) {
      case 'eBook':
        return t('categories.eBook');
      case 'Templates':
        return t('categories.templates');
      case 'Software':
        return t('categories.software');
      case 'Graphics':
        return t('categories.graphics');
      case 'Video':
        return t('categories.video');
      case 'Audio':
        return t('categories.audio');
      case 'Course':
        return t('categories.course');
      case 'ZIP':
        return t('categories.zip');
      default:
        return category;
    }
  };
}

import { useTranslation } from 'react-i18next';

/**
 * A category's one name (store.json `categories.*`), the same on the cover placeholder's page, the
 * badge, the marketplace chips, the dashboard and admin. The stored keys (CATEGORIES) never change.
 */
export function useCategoryLabel(): (category: string) => string {
  const { t } = useTranslation('products');
  return (category) => {
    switch (category) {
      case 'eBook':
        return t('categories.ebook');
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

/** The upload form's choice: the same name, followed by the upload list's label where SPEC §9 gives another ("Graphics (Image/Artwork)"). */
export function useUploadCategoryLabel(): (category: string) => string {
  const { t } = useTranslation('products');
  return (category) => {
    switch (category) {
      case 'eBook':
        return t('categories.upload.ebook');
      case 'Templates':
        return t('categories.upload.templates');
      case 'Software':
        return t('categories.upload.software');
      case 'Graphics':
        return t('categories.upload.graphics');
      case 'Video':
        return t('categories.upload.video');
      case 'Audio':
        return t('categories.upload.audio');
      case 'Course':
        return t('categories.upload.course');
      case 'ZIP':
        return t('categories.upload.zip');
      default:
        return category;
    }
  };
}

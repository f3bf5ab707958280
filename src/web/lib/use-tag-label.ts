import { useTranslation } from 'react-i18next';

/**
 * A tag in the interface language when it is one of the suggested ones (TAG_SUGGESTIONS, the fixed
 * vocabulary, stored in English so filters match in every language); a creator's own tag as written.
 */
export function useTagLabel() {
  const { t } = useTranslation('common');
  const labels: Record<string, string> = {
    design: t('tags.design'),
    development: t('tags.development'),
    marketing: t('tags.marketing'),
    illustration: t('tags.illustration'),
    'video editing': t('tags.videoEditing'),
    'music production': t('tags.musicProduction'),
    productivity: t('tags.productivity'),
    business: t('tags.business'),
    ai: t('tags.ai'),
    finance: t('tags.finance'),
    writing: t('tags.writing'),
  };
  return (tag: string) => labels[tag.toLowerCase()] ?? tag;
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CopyTexts } from '#web/components/copy-button.tsx';
import { localizeError } from '#web/lib/server-message.ts';

/** Copy / Copied, and a 'Copied!' toast that shows the copied link. */
export function useLinkCopyTexts(): CopyTexts {
  const { t } = useTranslation('links');
  return useMemo(
    () => ({
      copy: t('common.copy'),
      copied: t('common.copied'),
      done: (text) => ({ title: t('errors.copied'), description: text }),
      failed: (error) => ({ title: t('common.copyFailed'), description: localizeError(error, 'links', t('common.unexpected')) }),
    }),
    [t],
  );
}

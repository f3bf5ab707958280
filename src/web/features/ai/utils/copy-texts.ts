import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CopyTexts } from '#web/components/copy-button.tsx';
import { localizeError } from '#web/lib/server-message.ts';

/** Copy / Copied for a generated text, with "The text is on your clipboard." */
export function useAiCopyTexts(): CopyTexts {
  const { t } = useTranslation('ai');
  return useMemo(
    () => ({
      copy: t('copy.copy'),
      copied: t('copy.copied'),
      done: () => ({ title: t('copy.doneTitle'), description: t('copy.done') }),
      failed: (error) => ({ title: t('copy.failedTitle'), description: localizeError(error, 'ai', t('errors.unexpected')) }),
    }),
    [t],
  );
}

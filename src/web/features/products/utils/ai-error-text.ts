import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GenerationError } from '#web/lib/ai-stream.ts';
import { localizeError } from '#web/lib/server-message.ts';

/**
 * Why a draft or translation failed, in the interface language. A server without a provider and the
 * AI limit have the product form's own words (its `rate_limited` is Contact Creator's); the rest go
 * by their code in the products namespace, and a provider's own words are shown as they are.
 */
export function useAiErrorText(): (error: unknown) => string {
  const { t } = useTranslation('products');
  return useCallback(
    (error: unknown) => {
      if (error instanceof GenerationError && error.code === 'ai_not_configured') return t('aiDraft.off');
      if (error instanceof GenerationError && error.code === 'rate_limited') return t('aiDraft.rateLimited', { seconds: error.params.seconds ?? 60 });
      return localizeError(error, 'products', t('common.unexpected'));
    },
    [t],
  );
}

import { CircleStop, Languages, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_DRAFT_MESSAGE_PARAMS, AI_DRAFT_MESSAGES, type TranslationLanguage } from '#shared/ai-product-draft.ts';
import { PRODUCT_DESCRIPTION_MAX } from '#shared/products.ts';
import { CopyButton, type CopyTexts } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isPlanRefusal } from '#web/lib/ai-stream.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { useAiStatus } from '../api/get-ai-status.ts';
import { translateDescription } from '../api/translate-description.ts';
import { useAiErrorText } from '../utils/ai-error-text.ts';
import { type AiFailure, AiErrorMessage } from './ai-error-message.tsx';

/**
 * "Translate to Spanish / French" under the product's description: the translation streams into a
 * panel with Copy and "Use this" (which replaces the description through `onUse`). Not shown when
 * the server has no AI provider (the form's "Write with AI" says why).
 */
export function DescriptionTranslate({ description, onUse }: { description: string; onUse: (text: string) => void }) {
  const { t } = useTranslation('products');
  const id = useId();
  const aiErrorText = useAiErrorText();
  const status = useAiStatus();
  const [to, setTo] = useState<TranslationLanguage | null>(null);
  const [text, setText] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<AiFailure | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const copyTexts = useMemo<CopyTexts>(
    () => ({
      copy: t('aiDraft.copy'),
      copied: t('aiDraft.copied'),
      done: () => ({ title: t('aiDraft.copiedTitle'), description: t('aiDraft.copiedText') }),
      failed: (failure) => ({ title: t('aiDraft.copyFailedTitle'), description: localizeError(failure, 'products', t('common.unexpected')) }),
    }),
    [t],
  );

  useEffect(() => () => controllerRef.current?.abort(), []);

  if (status.data?.configured !== true) return null;

  const translate = async (language: TranslationLanguage) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setTo(language);
    setText('');
    setError(null);
    const source = description.trim();
    const problem = !source ? AI_DRAFT_MESSAGES.textRequired : source.length > PRODUCT_DESCRIPTION_MAX ? AI_DRAFT_MESSAGES.textTooLong : null;
    if (problem) return setError({ text: localizeMessage(problem, 'products', AI_DRAFT_MESSAGES, AI_DRAFT_MESSAGE_PARAMS) });
    setWorking(true);
    try {
      await translateDescription(source, language, { signal: controller.signal, onDelta: (delta) => setText((current) => current + delta) });
    } catch (caught) {
      if (!controller.signal.aborted) setError({ text: aiErrorText(caught), upgrade: isPlanRefusal(caught) });
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setWorking(false);
      }
    }
  };

  const close = () => {
    controllerRef.current?.abort();
    setTo(null);
  };

  const titleId = `${id}-title`;
  const shown = text.trim().slice(0, PRODUCT_DESCRIPTION_MAX);

  return (
    <div className="-mt-3 grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={working} onClick={() => void translate('es')}>
          <Languages aria-hidden="true" /> {t('aiDraft.translateEs')}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={working} onClick={() => void translate('fr')}>
          <Languages aria-hidden="true" /> {t('aiDraft.translateFr')}
        </Button>
      </div>
      {to ? (
        <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3">
          <h3 id={titleId} className="text-sm font-semibold">
            {to === 'es' ? t('aiDraft.spanishTitle') : t('aiDraft.frenchTitle')}
          </h3>
          {error ? (
            <AiErrorMessage failure={error} />
          ) : (
            <div
              data-testid="description-translation"
              lang={text ? to : undefined}
              aria-live="polite"
              aria-busy={working}
              className="max-h-64 min-h-16 overflow-y-auto rounded-lg border border-border bg-background/60 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
            >
              {text ? (
                text
              ) : (
                <span className="flex items-center gap-2 text-muted-foreground">
                  <Spinner /> {t('aiDraft.translating')}
                </span>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {working ? (
              <Button type="button" variant="outline" size="sm" onClick={() => controllerRef.current?.abort()}>
                <CircleStop aria-hidden="true" /> {t('aiDraft.stop')}
              </Button>
            ) : (
              <Button type="button" size="sm" disabled={!shown} onClick={() => {
                  onUse(shown);
                  setTo(null);
                }}>
                {t('aiDraft.use')}
              </Button>
            )}
            <CopyButton text={shown} texts={copyTexts} disabled={!shown || working} size="sm" />
            <Button type="button" variant="ghost" size="sm" onClick={close}>
              <X aria-hidden="true" /> {t('aiDraft.close')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

import { CircleStop, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_DRAFT_MESSAGE_PARAMS, AI_DRAFT_MESSAGES, parseProductDraft, PRODUCT_BRIEF_MAX, type ProductDraft } from '#shared/ai-product-draft.ts';
import type { Category } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isPlanRefusal } from '#web/lib/ai-stream.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { draftProduct } from '../api/draft-product.ts';
import { useAiStatus } from '../api/get-ai-status.ts';
import { useAiErrorText } from '../utils/ai-error-text.ts';
import { type AiFailure, AiErrorMessage } from './ai-error-message.tsx';

type Phase = 'idle' | 'writing' | 'done' | 'stopped';

/**
 * "Write with AI" at the top of the product form: from a few words the server's AI provider drafts the
 * title, description and tags, which `onDraft` puts in the form's fields as the text streams in. The
 * creator edits them as they like; nothing is saved until the form is. Without a provider the button
 * is off and says why.
 */
export function ProductAiDraft({ category, onDraft }: { category: Category; onDraft: (draft: ProductDraft) => void }) {
  const { t } = useTranslation('products');
  const id = useId();
  const aiErrorText = useAiErrorText();
  const status = useAiStatus();
  const off = status.data?.configured === false;
  const [open, setOpen] = useState(false);
  const [brief, setBrief] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<AiFailure | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const briefRef = useRef<HTMLTextAreaElement>(null);
  const writing = phase === 'writing';

  // Leaving the form stops a draft still being written.
  useEffect(() => () => controllerRef.current?.abort(), []);
  useEffect(() => {
    if (open) briefRef.current?.focus();
  }, [open]);

  const generate = async () => {
    if (writing) return;
    const words = brief.trim();
    const problem = !words ? AI_DRAFT_MESSAGES.briefRequired : words.length > PRODUCT_BRIEF_MAX ? AI_DRAFT_MESSAGES.briefTooLong : null;
    if (problem) {
      setError({ text: localizeMessage(problem, 'products', AI_DRAFT_MESSAGES, AI_DRAFT_MESSAGE_PARAMS) });
      briefRef.current?.focus();
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setError(null);
    setPhase('writing');
    let text = '';
    try {
      await draftProduct(words, category, {
        signal: controller.signal,
        onDelta: (delta) => {
          text += delta;
          onDraft(parseProductDraft(text));
        },
      });
      onDraft(parseProductDraft(text, { complete: true }));
      setPhase('done');
    } catch (caught) {
      if (controller.signal.aborted) return setPhase('stopped');
      setPhase('idle');
      setError({ text: aiErrorText(caught), upgrade: isPlanRefusal(caught) });
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  const close = () => {
    controllerRef.current?.abort();
    setOpen(false);
  };

  const panelId = `${id}-panel`;
  const briefId = `${id}-brief`;
  const hintId = `${id}-hint`;
  const reasonId = `${id}-reason`;

  return (
    <div className="grid gap-3 rounded-lg border border-violet-400/30 bg-violet-500/5 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-describedby={reasonId}
          disabled={off || status.isPending}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <Sparkles aria-hidden="true" /> {t('aiDraft.open')}
        </Button>
        <p id={reasonId} className={cn('min-w-0 flex-1 basis-48 text-sm', off ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground')}>
          {off ? t('aiDraft.off') : t('aiDraft.intro')}
        </p>
      </div>

      {open && !off ? (
        <div id={panelId} className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor={briefId}>{t('aiDraft.brief')}</Label>
            <textarea
              ref={briefRef}
              id={briefId}
              rows={2}
              maxLength={PRODUCT_BRIEF_MAX}
              value={brief}
              readOnly={writing}
              onChange={(event) => {
                setBrief(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void generate();
                }
              }}
              placeholder={t('aiDraft.briefPlaceholder')}
              aria-describedby={hintId}
              aria-invalid={error && !writing ? true : undefined}
              className="min-h-16 w-full resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 aria-invalid:border-red-400"
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {t('aiDraft.briefHint')}
            </p>
          </div>
          {error ? (
            <AiErrorMessage failure={error} />
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            {writing ? (
              <Button type="button" variant="outline" onClick={() => controllerRef.current?.abort()}>
                <CircleStop aria-hidden="true" /> {t('aiDraft.stop')}
              </Button>
            ) : (
              <Button type="button" onClick={() => void generate()}>
                <Sparkles aria-hidden="true" /> {phase === 'idle' ? t('aiDraft.generate') : t('aiDraft.again')}
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={close}>
              <X aria-hidden="true" /> {t('aiDraft.close')}
            </Button>
            <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
              {writing ? (
                <>
                  <Spinner /> {t('aiDraft.writing')}
                </>
              ) : phase === 'done' ? (
                t('aiDraft.done')
              ) : phase === 'stopped' ? (
                t('aiDraft.stopped')
              ) : null}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

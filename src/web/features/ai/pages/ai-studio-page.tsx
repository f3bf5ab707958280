import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleStop, Sparkles, WandSparkles } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AI_MESSAGES, AI_PROMPT_MAX, canSeeAiSettings, PROMPT_TEMPLATES, promptFormSchema, type PromptForm } from '#shared/ai.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { formatCount } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { GenerationError, isPlanRefusal } from '#web/lib/ai-stream.ts';
import { generateContent } from '../api/generate-content.ts';
import { useAiStatus } from '../api/get-ai-status.ts';
import { getAiUsageQueryOptions, useAiUsage } from '../api/get-ai-usage.ts';
import { getGenerationsQueryOptions } from '../api/get-generations.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useAiCopyTexts } from '../utils/copy-texts.ts';
import { ErrorCard } from '../components/error-card.tsx';
import { GenerationHistory } from '../components/generation-history.tsx';
import { NotConfiguredNotice } from '../components/not-configured-notice.tsx';
import { allowanceUsedUp, PlanNotice, UsageLine } from '../components/plan-notice.tsx';

type Phase = 'idle' | 'generating' | 'done' | 'stopped' | 'error';

/** The starting points of #shared/ai.ts (by id), written in the interface language. */
function templateText(t: TFunction<'ai'>, id: string): { label: string; prompt: string } | undefined {
  switch (id) {
    case 'product-description':
      return { label: t('templates.productDescription.label'), prompt: t('templates.productDescription.prompt') };
    case 'social-post':
      return { label: t('templates.socialPost.label'), prompt: t('templates.socialPost.prompt') };
    case 'launch-email':
      return { label: t('templates.launchEmail.label'), prompt: t('templates.launchEmail.prompt') };
    default:
      return undefined;
  }
}

/** /dashboard/creator-tools/ai-builder: write a prompt, watch the answer stream in, keep a history. */
export function AiStudioPage() {
  const { t } = useTranslation('ai');
  const copyTexts = useAiCopyTexts();
  usePageTitle(t('studio.title'));
  const id = useId();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const usage = useAiUsage();
  const { data: viewer } = useCurrentUser();
  const showSettings = canSeeAiSettings(viewer);
  const { register, handleSubmit, control, setValue, setFocus } = useForm<PromptForm>({
    resolver: zodResolver(promptFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { prompt: '' },
  });
  const prompt = useWatch({ control, name: 'prompt' });
  const [response, setResponse] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<{ title: string; message: string; prompt?: boolean } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // Leaving the page stops a running generation (the server keeps what was written).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const generating = phase === 'generating';
  const notConfigured = status.data?.configured === false;
  // With this month's allowance used, the studio says so (when it renews, the plan with more) instead of failing.
  const outOfPlan = usage.data ? allowanceUsedUp(usage.data) : false;
  const missingSettings = status.data?.missingSettings ?? [];

  /** A server error by its code; a creator is not shown the setting names an unconfigured server asks for. */
  const errorText = (error: GenerationError) => (error.code === 'ai_not_configured' && !showSettings ? t('studio.notSetUp') : localizeError(error, 'ai'));

  /** Shows a failure in the interface language: a local check's message, or a server error (by its code). */
  const fail = (title: string, message: string | GenerationError, prompt = false) => {
    const shown = { title: localizeMessage(title, 'ai', AI_MESSAGES), message: typeof message === 'string' ? localizeMessage(message, 'ai', AI_MESSAGES) : errorText(message) };
    setFailure({ ...shown, prompt });
    showToast({ title: shown.title, description: shown.message, variant: 'error' });
  };

  const refreshHistory = () => {
    void queryClient.invalidateQueries({ queryKey: getGenerationsQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: getAiUsageQueryOptions().queryKey });
  };

  // handleSubmit has focused the prompt; the shared schema's message shows like the server's.
  const onInvalid = (found: FieldErrors<PromptForm>) => fail(AI_MESSAGES.promptTitle, found.prompt?.message ?? AI_MESSAGES.prompt, true);

  const generate = async ({ prompt: text }: PromptForm) => {
    if (generating) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setFailure(null);
    setResponse('');
    setPhase('generating');
    try {
      await generateContent(text, { signal: controller.signal, onDelta: (delta) => setResponse((current) => current + delta) });
      setPhase('done');
      refreshHistory();
    } catch (error) {
      if (controller.signal.aborted) {
        setPhase('stopped');
        // The server saves the partial answer once it notices the closed connection.
        setTimeout(refreshHistory, 800);
        return;
      }
      setPhase('error');
      if (isPlanRefusal(error)) {
        // The allowance ran out since the page opened (another tab, the product form): the notice says so.
        setFailure(null);
        void queryClient.invalidateQueries({ queryKey: getAiUsageQueryOptions().queryKey });
        return;
      }
      if (error instanceof GenerationError) fail(error.title, error, error.status === 400);
      else fail(t('errors.errorTitle'), t('errors.unexpected'));
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  const stop = () => controllerRef.current?.abort();

  const applyTemplate = (templatePrompt: string) => {
    setValue('prompt', templatePrompt.slice(0, AI_PROMPT_MAX));
    setFailure(null);
    requestAnimationFrame(() => setFocus('prompt'));
  };

  const promptId = `${id}-prompt`;
  const counterId = `${id}-counter`;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Sparkles aria-hidden="true" className="size-7 text-brand-soft" /> {t('studio.title')}
        </h1>
        <p className="mt-1 text-muted-foreground">{t('studio.intro')}</p>
        {usage.data ? <UsageLine usage={usage.data} /> : null}
      </div>

      {notConfigured ? <NotConfiguredNotice missingSettings={missingSettings} showSettings={showSettings} /> : null}
      {usage.data && outOfPlan ? <PlanNotice usage={usage.data} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle className="flex items-center gap-2">
                <WandSparkles aria-hidden="true" className="size-5 text-brand-soft" /> {t('studio.formTitle')}
              </CardTitle>
              <CardDescription>{t('studio.formText')}</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="grid gap-4" onSubmit={(event) => void handleSubmit(generate, onInvalid)(event)} noValidate aria-label={t('studio.formLabel')}>
                <div className="grid gap-2">
                  <p id={`${id}-templates`} className="text-sm font-medium">
                    {t('studio.templates')}
                  </p>
                  <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-templates`}>
                    {PROMPT_TEMPLATES.map((template) => {
                      const text = templateText(t, template.id) ?? template;
                      return (
                        <Button key={template.id} variant="secondary" size="sm" onClick={() => applyTemplate(text.prompt)} disabled={generating}>
                          {text.label}
                        </Button>
                      );
                    })}
                  </div>
                </div>
                <div className="grid gap-2">
                  <div className="flex items-end justify-between gap-3">
                    <Label htmlFor={promptId}>{t('studio.prompt')}</Label>
                    <span id={counterId} className={cn('text-xs tabular-nums text-muted-foreground', prompt.length >= AI_PROMPT_MAX && 'text-amber-300')}>
                      {formatCount(prompt.length)} / {formatCount(AI_PROMPT_MAX)}
                      <span className="sr-only"> {t('studio.characters')}</span>
                    </span>
                  </div>
                  <textarea
                    id={promptId}
                    maxLength={AI_PROMPT_MAX}
                    {...register('prompt')}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                        event.preventDefault();
                        event.currentTarget.form?.requestSubmit();
                      }
                    }}
                    rows={7}
                    aria-describedby={counterId}
                    aria-invalid={failure?.prompt || undefined}
                    placeholder={t('studio.promptPlaceholder')}
                    className="min-h-36 w-full resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 aria-invalid:border-red-400"
                  />
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={generating || notConfigured || outOfPlan}>
                    {generating ? (
                      <>
                        <Spinner className="text-white" /> {t('studio.generating')}
                      </>
                    ) : (
                      <>
                        <Sparkles aria-hidden="true" /> {t('studio.generate')}
                      </>
                    )}
                  </Button>
                  {generating ? (
                    <Button variant="outline" onClick={stop}>
                      <CircleStop aria-hidden="true" /> {t('studio.stop')}
                    </Button>
                  ) : null}
                  <span className="text-xs text-muted-foreground">{t('studio.shortcut')}</span>
                </div>
              </form>
            </CardContent>
          </Card>

          {failure ? <ErrorCard title={failure.title} message={failure.message} /> : null}

          <section aria-labelledby={`${id}-response-title`}>
            <Card>
              <CardHeader className="flex-row items-center justify-between gap-3 pb-4">
                <div>
                  <CardTitle id={`${id}-response-title`}>{t('studio.response')}</CardTitle>
                  <CardDescription>
                    {phase === 'generating'
                      ? t('studio.writing')
                      : phase === 'stopped'
                        ? t('studio.stopped')
                        : phase === 'done'
                          ? t('studio.done')
                          : t('studio.idle')}
                  </CardDescription>
                </div>
                <CopyButton text={response} texts={copyTexts} label={t('studio.copyResponse')} disabled={!response || generating} size="sm" />
              </CardHeader>
              <CardContent>
                <div
                  data-testid="ai-response"
                  aria-live="polite"
                  aria-busy={generating}
                  className="min-h-40 rounded-lg border border-border bg-background/60 p-4 text-sm leading-relaxed whitespace-pre-wrap break-words"
                >
                  {response ? (
                    <>
                      {response}
                      {generating ? <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-2 animate-pulse bg-brand-soft align-text-bottom" /> : null}
                    </>
                  ) : generating ? (
                    <span className="text-muted-foreground">{t('studio.waiting')}</span>
                  ) : (
                    <span className="text-muted-foreground">{t('studio.nothingYet')}</span>
                  )}
                </div>
              </CardContent>
            </Card>
          </section>
        </div>

        <GenerationHistory />
      </div>
    </div>
  );
}

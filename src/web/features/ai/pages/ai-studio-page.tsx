import { useQueryClient } from '@tanstack/react-query';
import { CircleStop, Settings2, Sparkles, WandSparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AI_MESSAGES, AI_PROMPT_MAX, PROMPT_TEMPLATES } from '#shared/ai.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { generateContent, GenerationError } from '../api/generate-content.ts';
import { useAiStatus } from '../api/get-ai-status.ts';
import { getGenerationsQueryOptions } from '../api/get-generations.ts';
import { CopyTextButton } from '../components/copy-text-button.tsx';
import { ErrorCard } from '../components/error-card.tsx';
import { GenerationHistory } from '../components/generation-history.tsx';

type Phase = 'idle' | 'generating' | 'done' | 'stopped' | 'error';

/** /dashboard/creator-tools/ai-builder: write a prompt, watch the answer stream in, keep a history. */
export function AiStudioPage() {
  usePageTitle('AI Content Studio');
  const id = useId();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [prompt, setPrompt] = useState('');
  const [response, setResponse] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  // Leaving the page stops a running generation (the server keeps what was written).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const generating = phase === 'generating';
  const notConfigured = status.data?.configured === false;
  const missingSettings = status.data?.missingSettings ?? [];

  const fail = (title: string, message: string) => {
    setFailure({ title, message });
    showToast({ title, description: message, variant: 'error' });
  };

  const refreshHistory = () => void queryClient.invalidateQueries({ queryKey: getGenerationsQueryOptions().queryKey });

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (generating) return;
    const text = prompt.trim();
    if (!text) {
      fail(AI_MESSAGES.promptTitle, AI_MESSAGES.prompt);
      promptRef.current?.focus();
      return;
    }
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
      if (error instanceof GenerationError) fail(error.title, error.message);
      else fail(AI_MESSAGES.errorTitle, AI_MESSAGES.unexpected);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  const stop = () => controllerRef.current?.abort();

  const applyTemplate = (templatePrompt: string) => {
    setPrompt(templatePrompt.slice(0, AI_PROMPT_MAX));
    setFailure(null);
    requestAnimationFrame(() => promptRef.current?.focus());
  };

  const promptId = `${id}-prompt`;
  const counterId = `${id}-counter`;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Sparkles aria-hidden="true" className="size-7 text-brand-soft" /> AI Content Studio
        </h1>
        <p className="mt-1 text-muted-foreground">Draft product descriptions, social posts and launch e-mails in seconds.</p>
      </div>

      {notConfigured ? (
        <div role="status" className="flex gap-3 rounded-xl border border-amber-500/40 bg-amber-950/30 p-4 text-amber-100">
          <Settings2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          <div className="text-sm">
            <p className="font-semibold text-amber-200">{AI_MESSAGES.notConfigured}</p>
            <p className="mt-1">
              Ask the administrator to set{' '}
              {missingSettings.map((setting, index) => (
                <span key={setting}>
                  {index > 0 ? (index === missingSettings.length - 1 ? ' and ' : ', ') : null}
                  <code className="rounded bg-black/30 px-1.5 py-0.5 font-mono text-xs">{setting}</code>
                </span>
              ))}{' '}
              in the server&apos;s environment, then restart it.
            </p>
          </div>
        </div>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle className="flex items-center gap-2">
                <WandSparkles aria-hidden="true" className="size-5 text-brand-soft" /> What should I write?
              </CardTitle>
              <CardDescription>Start from a template or describe what you need in your own words.</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="grid gap-4" onSubmit={(event) => void generate(event)} noValidate aria-label="Generate content">
                <div className="grid gap-2">
                  <p id={`${id}-templates`} className="text-sm font-medium">
                    Templates
                  </p>
                  <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-templates`}>
                    {PROMPT_TEMPLATES.map((template) => (
                      <Button key={template.id} variant="secondary" size="sm" onClick={() => applyTemplate(template.prompt)} disabled={generating}>
                        {template.label}
                      </Button>
                    ))}
                  </div>
                </div>
                <div className="grid gap-2">
                  <div className="flex items-end justify-between gap-3">
                    <Label htmlFor={promptId}>Prompt</Label>
                    <span id={counterId} className={cn('text-xs tabular-nums text-muted-foreground', prompt.length >= AI_PROMPT_MAX && 'text-amber-300')}>
                      {prompt.length.toLocaleString()} / {AI_PROMPT_MAX.toLocaleString()}
                      <span className="sr-only"> characters</span>
                    </span>
                  </div>
                  <textarea
                    id={promptId}
                    ref={promptRef}
                    value={prompt}
                    maxLength={AI_PROMPT_MAX}
                    onChange={(event) => setPrompt(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                        event.preventDefault();
                        event.currentTarget.form?.requestSubmit();
                      }
                    }}
                    rows={7}
                    aria-describedby={counterId}
                    aria-invalid={failure?.title === AI_MESSAGES.promptTitle || undefined}
                    placeholder="e.g. Write a short, upbeat description of my Notion budget template for freelancers."
                    className="min-h-36 w-full resize-y rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 aria-invalid:border-red-400"
                  />
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={generating || notConfigured}>
                    {generating ? (
                      <>
                        <Spinner className="text-white" /> Generating...
                      </>
                    ) : (
                      <>
                        <Sparkles aria-hidden="true" /> Generate Content
                      </>
                    )}
                  </Button>
                  {generating ? (
                    <Button variant="outline" onClick={stop}>
                      <CircleStop aria-hidden="true" /> Stop
                    </Button>
                  ) : null}
                  <span className="text-xs text-muted-foreground">Ctrl + Enter also generates.</span>
                </div>
              </form>
            </CardContent>
          </Card>

          {failure ? <ErrorCard title={failure.title} message={failure.message} /> : null}

          <section aria-labelledby={`${id}-response-title`}>
            <Card>
              <CardHeader className="flex-row items-center justify-between gap-3 pb-4">
                <div>
                  <CardTitle id={`${id}-response-title`}>Response</CardTitle>
                  <CardDescription>
                    {phase === 'generating'
                      ? 'Writing…'
                      : phase === 'stopped'
                        ? 'Stopped. The text so far is saved in your history.'
                        : phase === 'done'
                          ? 'Done. Saved in your history.'
                          : 'Your generated content appears here.'}
                  </CardDescription>
                </div>
                <CopyTextButton text={response} label="Copy response" disabled={!response || generating} />
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
                    <span className="text-muted-foreground">Waiting for the first words…</span>
                  ) : (
                    <span className="text-muted-foreground">Nothing yet. Write a prompt and choose Generate Content.</span>
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

import { History, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatCount, formatDateTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useGenerations } from '../api/get-generations.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { useAiCopyTexts } from '../utils/copy-texts.ts';
import { DeleteGenerationDialog } from './delete-generation-dialog.tsx';

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** "My generations": earlier prompts and answers, each with Copy and Delete. */
export function GenerationHistory() {
  const { t } = useTranslation('ai');
  const copyTexts = useAiCopyTexts();
  const { data, isPending, isError, error, refetch, isFetching } = useGenerations();
  const items = data?.items ?? [];

  return (
    <section aria-labelledby="generations-title" className="lg:sticky lg:top-24">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle id="generations-title" className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-brand-soft" /> {t('history.title')}
          </CardTitle>
          <CardDescription>
            {data ? t('history.count', { count: items.length, formatted: formatCount(items.length) }) : t('history.description')}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-4">
          {isPending ? (
            <LoadingState label={t('history.loading')} className="py-10" />
          ) : isError ? (
            <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-4 text-sm">
              <p>{t('history.loadFailed', { reason: localizeError(error, 'ai', t('errors.unexpected')) })}</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
                <RotateCw aria-hidden="true" /> {t('history.tryAgain')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              {t('history.empty')}
            </p>
          ) : (
            <ul className="grid max-h-[70vh] gap-3 overflow-y-auto pr-1" aria-label={t('history.listLabel')}>
              {items.map((item) => {
                const short = excerpt(item.prompt);
                return (
                  <li key={item.id} className="rounded-lg border border-border bg-muted/30 p-3">
                    <p className="text-sm font-medium break-words">{short}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                      {item.status === 'stopped' ? (
                        <span className="rounded-full border border-amber-500/40 bg-amber-950/40 px-2 py-0.5 font-medium text-amber-200">{t('history.stopped')}</span>
                      ) : null}
                    </div>
                    <details className="group mt-2">
                      <summary className="cursor-pointer rounded text-xs font-medium text-brand-soft hover:underline">{t('history.showResponse')}</summary>
                      <p className="mt-2 max-h-60 overflow-y-auto rounded-md bg-background/60 p-2 text-sm whitespace-pre-wrap break-words">{item.response}</p>
                    </details>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <CopyButton text={item.response} texts={copyTexts} label={t('history.copyLabel', { excerpt: short })} variant="ghost" size="sm" />
                      <DeleteGenerationDialog id={item.id} excerpt={short} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
